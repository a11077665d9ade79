// The admin's session as the browser keeps it (spec section 3): localStorage
// 'admin' = { token, adminDetails } plus the admin marker.
import { ADMIN_MARKER_KEY, SESSION_STORAGE_KEYS } from '@gets/schema';
import { isRecord, parseJson } from '@/lib/storage';
import { SESSION_CHANGE_EVENT } from './session';

export interface AdminSession {
  token: string;
  adminDetails: { _id: string; email: string; account: string | null };
}

export function parseAdminSession(raw: string | null): AdminSession | null {
  const stored = parseJson(raw);
  if (!isRecord(stored) || typeof stored.token !== 'string' || stored.token === '') return null;
  const details = isRecord(stored.adminDetails) ? stored.adminDetails : {};
  return {
    token: stored.token,
    adminDetails: {
      _id: typeof details._id === 'string' ? details._id : '',
      email: typeof details.email === 'string' ? details.email : '',
      account: typeof details.account === 'string' ? details.account : null,
    },
  };
}

export function saveAdminSession(session: { token: string; adminDetails: unknown }): void {
  window.localStorage.setItem(SESSION_STORAGE_KEYS.admin, JSON.stringify(session));
  window.localStorage.setItem(ADMIN_MARKER_KEY, 'true');
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

export function clearAdminSession(): void {
  window.localStorage.removeItem(SESSION_STORAGE_KEYS.admin);
  window.localStorage.removeItem(ADMIN_MARKER_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

// The fragment of the admin login link, kept so that logout can return there
// (spec section 2: admin logout navigates to /admin/login with the hash).
const ADMIN_LOGIN_SECRET_KEY = 'adminLoginSecret';

export function rememberAdminLoginSecret(secret: string): void {
  try {
    window.localStorage.setItem(ADMIN_LOGIN_SECRET_KEY, secret);
  } catch {
    // Storage blocked: logout then goes to /admin/login without it.
  }
}

export function adminLoginPath(): string {
  let secret: string | null = null;
  try {
    secret = window.localStorage.getItem(ADMIN_LOGIN_SECRET_KEY);
  } catch {
    secret = null;
  }
  return secret ? `/admin/login#${secret}` : '/admin/login';
}
