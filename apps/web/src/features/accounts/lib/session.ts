// The signed-in user's session as the browser keeps it (spec section 3):
// localStorage 'auth' = { token, user }. Parsing never throws; anything that
// is not a usable session reads as null.
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { isRecord, parseJson } from '@/lib/storage';

export type UserType = 'SPONSOR' | 'EARNER';

export interface SessionUser {
  _id: string;
  email: string;
  fullName: string;
  userName: string;
  /** Normalised to upper case; the spec sees both 'sponsor' and 'SPONSOR'. */
  userType: UserType | null;
  status: string | null;
  isVerified: boolean;
  profilePic: string | null;
  /** Custodial wallet address. */
  account: string | null;
  /** The user's id in the on-chain registry; null until the wallet is registered. */
  onChainId: string | null;
  /** Reminder emails wanted (profile switches); on unless switched off. */
  emailClaimReminder: boolean;
  emailApplicationDigest: boolean;
}

export interface UserSession {
  token: string;
  user: SessionUser;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function parseUserType(value: unknown): UserType | null {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  return upper === 'SPONSOR' || upper === 'EARNER' ? upper : null;
}

export function parseSession(raw: string | null): UserSession | null {
  const stored = parseJson(raw);
  if (!isRecord(stored) || typeof stored.token !== 'string' || stored.token === '') return null;
  const user = stored.user;
  if (!isRecord(user)) return null;
  return {
    token: stored.token,
    user: {
      _id: str(user._id),
      email: str(user.email),
      fullName: str(user.fullName),
      userName: str(user.userName),
      userType: parseUserType(user.userType),
      status: strOrNull(user.status),
      isVerified: user.isVerified === true,
      profilePic: strOrNull(user.profilePic),
      account: strOrNull(user.account),
      onChainId:
        typeof user.onChainId === 'number' ? String(user.onChainId) : strOrNull(user.onChainId),
      // A session stored before the switches existed reads as on, as the server has them.
      emailClaimReminder: user.emailClaimReminder !== false,
      emailApplicationDigest: user.emailApplicationDigest !== false,
    },
  };
}

/** The name to show for a user: user name, else full name, else email. */
export function displayName(user: SessionUser): string {
  return user.userName || user.fullName || user.email || 'Account';
}

// Same-tab writes do not fire 'storage', so writers announce them here.
export const SESSION_CHANGE_EVENT = 'gets:session-change';

function notify(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

export function readRawStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function saveSession(session: { token: string; user: unknown }): void {
  window.localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  window.localStorage.removeItem(SESSION_STORAGE_KEYS.user);
  notify();
}

/** Merges fresh user fields (profile update, approval) into the stored session. */
export function updateStoredUser(changes: Record<string, unknown>): void {
  const stored = parseJson(readRawStorage(SESSION_STORAGE_KEYS.user));
  if (!isRecord(stored) || typeof stored.token !== 'string' || !isRecord(stored.user)) return;
  saveSession({ token: stored.token, user: { ...stored.user, ...changes } });
}

// The reset flow's "forgot flag" (spec section 2, /verify-email): kept for the tab only.
export const FORGOT_FLAG_KEY = 'forgot';

export function setForgotFlag(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(FORGOT_FLAG_KEY, 'true');
    else window.sessionStorage.removeItem(FORGOT_FLAG_KEY);
  } catch {
    // Storage blocked: the flag simply is not kept.
  }
}

export function hasForgotFlag(): boolean {
  try {
    return window.sessionStorage.getItem(FORGOT_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}
