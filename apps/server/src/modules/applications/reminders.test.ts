// When a claim reminder is due, which day a digest belongs to and what it
// covers, and what the two mails say.
import { describe, expect, it } from 'vitest';
import { claimReminderMail, claimReminderWindow, digestMail, digestOfDay } from './reminders.ts';

const at = (iso: string) => new Date(iso);

describe('claimReminderWindow', () => {
  it('covers deadlines after now and up to the configured days ahead', () => {
    expect(claimReminderWindow(at('2030-03-10T12:00:00Z'), 3)).toEqual({
      now: at('2030-03-10T12:00:00Z'),
      until: at('2030-03-13T12:00:00Z'),
    });
    expect(claimReminderWindow(at('2030-03-10T12:00:00Z'), 1).until).toEqual(
      at('2030-03-11T12:00:00Z'),
    );
  });
});

describe('digestOfDay', () => {
  it('is keyed by the UTC day and covers applications up to its start', () => {
    expect(digestOfDay(at('2030-03-10T00:00:00Z'))).toEqual({
      day: '2030-03-10',
      firstFrom: at('2030-03-09T00:00:00Z'),
      until: at('2030-03-10T00:00:00Z'),
    });
    // Any time of the same UTC day is the same digest, so it is sent once.
    expect(digestOfDay(at('2030-03-10T23:59:59.999Z'))).toEqual(
      digestOfDay(at('2030-03-10T08:30:00Z')),
    );
    // Across a month and a year boundary.
    expect(digestOfDay(at('2031-01-01T05:00:00+08:00')).day).toBe('2030-12-31');
  });
});

describe('claimReminderMail', () => {
  it('names the badge, the deadline and the link to claim', () => {
    const mail = claimReminderMail(
      {
        applicationId: 'a1',
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
        badgeId: 'b1',
        badgeName: 'Engines',
        claimDeadline: at('2030-03-13T12:00:00Z'),
      },
      3,
      'https://badges.example.org',
    );
    expect(mail.to).toBe('ada@example.com');
    // The badge's name is the sponsor's: in the body, never in a header.
    expect(mail.subject).toBe('Claim your GETS Badges badge before March 13, 2030 at 12:00 PM UTC');
    expect(mail.text).toContain('Your application for the "Engines" badge was approved');
    expect(mail.text).toContain('in 3 days or less');
    expect(mail.text).toContain('Claim it here: https://badges.example.org/badge/b1');
    expect(mail.text).toContain('https://badges.example.org/profile');
  });
});

describe('digestMail', () => {
  const sponsor = { email: 'school@example.com', fullName: 'Springfield School' };
  const applied = (badge: string, fullName: string, hour: number) => ({
    badgeId: badge === 'Engines' ? 'b1' : 'b2',
    badgeName: badge,
    fullName,
    appliedAt: at(`2030-03-09T${String(hour).padStart(2, '0')}:00:00Z`),
  });

  it('counts the applications and lists them by badge with a link to review', () => {
    const mail = digestMail(
      sponsor,
      [
        applied('Engines', 'Ada', 10),
        applied('Engines', 'Charles', 11),
        applied('Looms', 'Grace', 12),
      ],
      undefined,
    );
    expect(mail.to).toBe('school@example.com');
    expect(mail.subject).toBe('3 new applications to your GETS Badges badges');
    expect(mail.text).toContain(
      [
        'Engines (2):',
        '  - Ada, applied March 9, 2030 at 10:00 AM UTC',
        '  - Charles, applied March 9, 2030 at 11:00 AM UTC',
        '  Review them: /badge/application/b1',
        '',
        'Looms (1):',
        '  - Grace, applied March 9, 2030 at 12:00 PM UTC',
        '  Review them: /badge/application/b2',
      ].join('\n'),
    );
  });

  it('says application, not applications, for one', () => {
    const mail = digestMail(sponsor, [applied('Engines', 'Ada', 10)], undefined);
    expect(mail.subject).toBe('1 new application to your GETS Badges badges');
  });
});
