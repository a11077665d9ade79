// Where a person returns after signing in: `?next=` on the login pages, set
// when their session ended on a page (session-end listener). Only a path of
// this site is followed; anything else (another origin, '//host', a scheme)
// reads as no next, so a link cannot send a fresh sign-in elsewhere.
import { adminLoginPath } from './admin-session';

export const NEXT_PARAM = 'next';

/** The default landing after a login (spec section 2). */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** `raw` if it is a path of this site ('/…', never '//…' or '/\…'), else null. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from URLs, so '/\t/evil.com' would become '//evil.com'.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return null;
  }
  try {
    const base = new URL('https://this.site');
    const url = new URL(raw, base);
    // Dot segments can still normalise into '//host' ('/.//evil.com').
    if (url.origin !== base.origin || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where to go after a login that carried `raw` as its next. */
export function pathAfterLogin(raw: string | null | undefined): string {
  return safeNextPath(raw) ?? DEFAULT_AFTER_LOGIN;
}

function withNext(path: string, next: string | undefined): string {
  if (!next) return path;
  const [base = path, fragment] = path.split('#', 2);
  const query = `${NEXT_PARAM}=${encodeURIComponent(next)}`;
  return `${base}?${query}${fragment === undefined ? '' : `#${fragment}`}`;
}

/** /login, returning to `next` after the login. */
export function loginPath(next?: string): string {
  return withNext('/login', next);
}

/** /register, returning to `next` after the registration. */
export function registerPath(next?: string): string {
  return withNext('/register', next);
}

/**
 * `path` (another sign-in screen: /login, /register) carrying on the `next`
 * the current screen was given, when it is a path of this site; else `path`.
 */
export function keepingNext(path: string, raw: string | null | undefined): string {
  return withNext(path, safeNextPath(raw) ?? undefined);
}

/** The admin login link (with its secret fragment), returning to `next` after the login. */
export function adminLoginPathTo(next?: string): string {
  return withNext(adminLoginPath(), next);
}
