import { describe, expect, it } from 'vitest';
import {
  adminLoginPathTo,
  keepingNext,
  loginPath,
  pathAfterLogin,
  registerPath,
  safeNextPath,
} from './next-path';
import { rememberAdminLoginSecret } from './admin-session';

describe('safeNextPath', () => {
  it.each(['/stake', '/dashboard?menu=settings', '/badge/1#earners', '/search?name=a%20b'])(
    'keeps the same-site path %s',
    (path) => expect(safeNextPath(path)).toBe(path),
  );

  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    '/.//evil.com',
    '/\t/evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    'dashboard',
    '',
    null,
  ])('refuses %s', (raw) => expect(safeNextPath(raw)).toBeNull());

  it('falls back to /dashboard', () => {
    expect(pathAfterLogin('//evil.com')).toBe('/dashboard');
    expect(pathAfterLogin(null)).toBe('/dashboard');
  });
});

describe('login paths with a next', () => {
  it('puts ?next= before the admin link fragment', () => {
    expect(loginPath('/stake?a=1#b')).toBe('/login?next=%2Fstake%3Fa%3D1%23b');
    expect(adminLoginPathTo('/dashboard')).toBe('/admin/login?next=%2Fdashboard');
    rememberAdminLoginSecret('sesame');
    expect(adminLoginPathTo('/dashboard?menu=dash')).toBe(
      '/admin/login?next=%2Fdashboard%3Fmenu%3Ddash#sesame',
    );
  });
});

describe('moving between the sign-in screens', () => {
  it('carries a same-site next from /login to /register and back', () => {
    expect(registerPath('/badge/b1')).toBe('/register?next=%2Fbadge%2Fb1');
    expect(keepingNext('/register', '/badge/b1')).toBe('/register?next=%2Fbadge%2Fb1');
    expect(keepingNext('/login', '/badge/b1?x=1')).toBe('/login?next=%2Fbadge%2Fb1%3Fx%3D1');
  });

  it('drops a next that leaves the site', () => {
    expect(keepingNext('/register', 'https://evil.com')).toBe('/register');
    expect(keepingNext('/login', '//evil.com/badge/b1')).toBe('/login');
    expect(keepingNext('/login', null)).toBe('/login');
  });
});
