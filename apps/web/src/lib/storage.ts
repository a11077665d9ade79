// Reads JSON kept in localStorage without trusting it: a missing key, a
// malformed value or a blocked storage all read as null.

export function readStoredJson(key: string): unknown {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return null;
  }
  return parseJson(raw);
}

export function parseJson(raw: string | null): unknown {
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The bearer token of a stored session (`{ token, ... }`), if there is one. */
export function readStoredToken(key: string): string | null {
  const stored = readStoredJson(key);
  if (!isRecord(stored)) return null;
  return typeof stored.token === 'string' && stored.token !== '' ? stored.token : null;
}
