import { describe, expect, it } from 'vitest';
import { banner, startupBanner } from './banner.ts';
import { firstStartLines } from './modules/admin-auth/first-admin.ts';

const URL = 'http://localhost:8080';

/** The box's rows, without the blank lines around it. */
const rowsOf = (box: string) => box.split('\n').filter((line) => line !== '');

describe('the start banner', () => {
  it('boxes the URL, the first admin, the generated password and the login link, each on one row', () => {
    const notices = firstStartLines(
      {
        createdAdmin: { email: 'admin@gets-badges.local', generatedPassword: 'Gen3rated!pass' },
        loginSecret: { value: 'a'.repeat(32), generated: true },
      },
      URL,
    );
    const box = startupBanner(URL, notices);
    const rows = rowsOf(box);
    expect(rows).toEqual([
      expect.stringMatching(/^┌─ GETS Badges ─+┐$/),
      expect.stringMatching(/^│ GETS Badges is ready at http:\/\/localhost:8080 +│$/),
      expect.stringMatching(/^│ +│$/),
      expect.stringMatching(/^│ First admin created: admin@gets-badges\.local +│$/),
      expect.stringMatching(/^│ First admin password \(shown only this once\): Gen3rated!pass +│$/),
      expect.stringMatching(new RegExp(`^│ Admin login: ${URL}/admin/login#a{32} +│$`)),
      expect.stringMatching(/^└─+┘$/),
    ]);
    // A box: every row as wide as the others.
    expect(new Set(rows.map((row) => row.length)).size).toBe(1);
    // Set apart from the log lines above and below.
    expect(box.startsWith('\n')).toBe(true);
    expect(box.endsWith('\n')).toBe(true);
  });

  it('tells the admin login link on every start, with the secret in force, and no password', () => {
    const secret = 'b'.repeat(32);
    const notices = firstStartLines({ loginSecret: { value: secret, generated: false } }, URL);
    expect(notices).toEqual([`Admin login: ${URL}/admin/login#${secret}`]);
    const rows = rowsOf(startupBanner(URL, notices));
    expect(rows).toEqual([
      expect.stringMatching(/^┌─ GETS Badges ─+┐$/),
      expect.stringMatching(/^│ GETS Badges is ready at http:\/\/localhost:8080 +│$/),
      expect.stringMatching(/^│ +│$/),
      expect.stringMatching(new RegExp(`^│ Admin login: ${URL}/admin/login#b{32} +│$`)),
      expect.stringMatching(/^└─+┘$/),
    ]);
    expect(rows.join('\n')).not.toMatch(/password/i);
    // A worker serves no page: no link, unless this start made the secret.
    expect(
      firstStartLines({ loginSecret: { value: secret, generated: false } }, undefined),
    ).toEqual([]);
    expect(firstStartLines({ loginSecret: { value: secret, generated: true } }, undefined)).toEqual(
      [`Admin login: /admin/login#${secret}`],
    );
  });

  it('in production, tells the link only when this start made the secret (not into every restart log)', () => {
    const secret = 'c'.repeat(32);
    const production = { everyStart: false };
    expect(
      firstStartLines({ loginSecret: { value: secret, generated: false } }, URL, production),
    ).toEqual([]);
    expect(
      firstStartLines({ loginSecret: { value: secret, generated: true } }, URL, production),
    ).toEqual([`Admin login: ${URL}/admin/login#${secret}`]);
  });

  it('says where the platform is, and that a worker runs', () => {
    expect(rowsOf(startupBanner(URL, []))).toHaveLength(3);
    expect(startupBanner(undefined, [])).toContain('│ GETS Badges worker is running │');
  });

  it('keeps the ready line the start scripts read, the URL followed by a space', () => {
    const ready = /is ready at (http:\/\/\S+)/.exec(startupBanner(URL, []));
    expect(ready?.[1]).toBe(URL);
  });

  it('boxes a one-time code line as wide as a short title needs', () => {
    expect(rowsOf(banner(['OTP for a@b.c: 123456']))).toEqual([
      '┌─ GETS Badges ─────────┐',
      '│ OTP for a@b.c: 123456 │',
      '└───────────────────────┘',
    ]);
    const short = rowsOf(banner(['x']));
    expect(short[0]).toBe('┌─ GETS Badges ─┐');
    expect(short.map((row) => row.length)).toEqual([17, 17, 17]);
  });
});
