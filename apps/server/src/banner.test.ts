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

  it('says only where the platform is on a later start, and that a worker runs', () => {
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
