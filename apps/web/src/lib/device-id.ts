// A random id of this browser, made once and kept in localStorage, sent as
// X-Device-Id on the sign-in calls so the server can tell a browser it has not
// seen before (and mail "was this you?"). It names no person and no device model.
export const DEVICE_ID_HEADER = 'X-Device-Id';
const DEVICE_ID_KEY = 'deviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored && /^[\w-]{16,64}$/.test(stored)) return stored;
    const made = randomId();
    window.localStorage.setItem(DEVICE_ID_KEY, made);
    return made;
  } catch {
    // Storage blocked: an id for this page only (every visit then looks new).
    return randomId();
  }
}

/** The header of a sign-in call. */
export const deviceIdHeader = () => ({ [DEVICE_ID_HEADER]: deviceId() });
