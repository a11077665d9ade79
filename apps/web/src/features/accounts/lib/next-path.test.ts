import { describe, expect, it } from 'vitest';
import { adminLoginPathTo, loginPath, pathAfterLogin, safeNextPath } from './next-path';
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
