// Reminder emails against the real database, chain and mailer (the outbox),
// with the jobs stepped by an injected clock; the mails they queue are
// delivered by the platform's worker. An approved earner is reminded
// once, CLAIM_REMINDER_DAYS before the claim period ends, and not after a
// claim or when switched off on the profile; a sponsor's daily digest lists
// the new applications, once a day, and is not sent when there are none or
// when switched off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Application } from '@gets/schema';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import { utcDateTime } from '../../src/mail/dates-for-people.ts';
import {
  queueApplicationDigests,
  queueClaimReminders,
  type ReminderDeps,
} from '../../src/modules/applications/reminders.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, type Caller } from '../helpers/badges.ts';
import {
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('reminder emails', () => {
  let platform: TestPlatform;
  let admin: Caller;
  let sponsor: TestUser;
  let quietSponsor: TestUser;
  let idleSponsor: TestUser;
  let reminded: TestUser;
  let claimer: TestUser;
  let optedOut: TestUser;
  let remindedApplication: Application;
  let deps: ReminderDeps;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);
  const mailsTo = (user: TestUser) => listOutboxEmails(platform.ctx.db, user.email);
  /** What the queue holds for this user: the worker delivers it a moment later. */
  const queuedTo = (user: TestUser) =>
    platform.ctx.db.query<{ subject: string; sent_at: Date | null }>(
      'SELECT subject, sent_at FROM mail_queue WHERE lower(to_address) = lower($1)',
      [user.email],
    );
  /** The mails the worker delivered to this user, once it has delivered `count`. */
  const deliveredTo = (user: TestUser, count: number) =>
    vi.waitFor(
      async () => {
        const mails = await mailsTo(user);
        expect(mails).toHaveLength(count);
        return mails;
      },
      { timeout: 15_000, interval: 100 },
    );
  const updateProfile = (user: TestUser, switches: Record<string, boolean>) =>
    call(request, user, 'POST', '/gs-api/user/updateProfile', {
      id: user.id,
      fullName: 'Test User',
      ...switches,
    });

  beforeAll(async () => {
    platform = await startTestPlatform();
    const { ctx } = platform;
    deps = {
      db: ctx.db,
      claimReminderDays: ctx.config.reminders.claimReminderDays,
      publicUrl: () => 'https://badges.example.org',
    };
    admin = await adminCaller(ctx);
    sponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '100' });
    quietSponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '100' });
    idleSponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '100' });
    reminded = await createTestUser(ctx);
    claimer = await createTestUser(ctx);
    optedOut = await createTestUser(ctx);
    expect(await updateProfile(optedOut, { emailClaimReminder: false })).toMatchObject({
      status: 200,
    });
    expect(await updateProfile(quietSponsor, { emailApplicationDigest: false })).toMatchObject({
      status: 200,
    });

    const badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Reminder Badge',
      numberOfBadge: 5,
    });
    const quietBadge = await publishApprovedBadge(request, quietSponsor, admin, {
      name: 'Quiet Badge',
    });
    await publishApprovedBadge(request, idleSponsor, admin, { name: 'Idle Badge' });

    remindedApplication = (await applyFor(request, reminded, badge, { fullName: 'Remi Reminded' }))
      .application;
    const claimed = (await applyFor(request, claimer, badge, { fullName: 'Clara Claimer' }))
      .application;
    const optedOutApplication = (
      await applyFor(request, optedOut, badge, { fullName: 'Otto Optout' })
    ).application;
    await applyFor(request, reminded, quietBadge, { fullName: 'Remi Reminded' });
    const reviewed = await review(request, sponsor, [
      [remindedApplication, true],
      [claimed, true],
      [optedOutApplication, true],
    ]);
    expect(reviewed.outcome.status).toBe('COMPLETED');
    expect((await claimApplication(request, claimer, claimed)).outcome.status).toBe('COMPLETED');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('saves the two switches through the profile update, and keeps them when left out', async () => {
    const me = await call(request, optedOut, 'GET', '/gs-api/user/me');
    expect(me.data).toMatchObject({ emailClaimReminder: false, emailApplicationDigest: true });
    const untouched = await call(request, reminded, 'GET', '/gs-api/user/me');
    expect(untouched.data).toMatchObject({
      emailClaimReminder: true,
      emailApplicationDigest: true,
    });

    // A profile update without the switches leaves them as they are.
    const renamed = await call(request, optedOut, 'POST', '/gs-api/user/updateProfile', {
      id: optedOut.id,
      fullName: 'Otto',
    });
    expect(renamed.data).toMatchObject({ fullName: 'Otto', emailClaimReminder: false });

    const bad = await call(request, optedOut, 'POST', '/gs-api/user/updateProfile', {
      id: optedOut.id,
      fullName: 'Otto',
      emailClaimReminder: 'no',
    });
    expect(bad).toMatchObject({
      status: 400,
      message: 'emailClaimReminder must be true or false',
    });
  });

  it('reminds an approved earner once, the configured days before the claim period ends', async () => {
    const [row] = await platform.ctx.db.query<{ claim_deadline: Date | string }>(
      'SELECT claim_deadline FROM badge_applications WHERE id = $1',
      [remindedApplication._id],
    );
    const deadline = new Date(row!.claim_deadline).getTime();
    const days = deps.claimReminderDays;
    expect(days).toBe(3);

    // Before the window nothing is due.
    expect(await queueClaimReminders(deps, new Date(deadline - days * DAY - MINUTE))).toBe(0);
    expect(await mailsTo(reminded)).toEqual([]);

    // In the window: two workers at once send one mail.
    const at = new Date(deadline - days * DAY + MINUTE);
    const [first, second] = await Promise.all([
      queueClaimReminders(deps, at),
      queueClaimReminders(deps, at),
    ]);
    expect(first + second).toBe(1);
    expect(await queuedTo(reminded)).toHaveLength(1);
    const mails = await deliveredTo(reminded, 1);
    expect(mails[0]!.subject).toBe(
      `Claim your GETS Badges badge before ${utcDateTime(new Date(deadline))}`,
    );
    expect(mails[0]!.text).toContain(
      `Claim it here: https://badges.example.org/badge/${remindedApplication.badgeId}`,
    );

    // Later runs, before and after the deadline, send nothing more.
    expect(await queueClaimReminders(deps, new Date(deadline - DAY))).toBe(0);
    expect(await queueClaimReminders(deps, new Date(deadline + MINUTE))).toBe(0);
    expect(await queuedTo(reminded)).toEqual([
      expect.objectContaining({ sent_at: expect.any(Date) }),
    ]);
    expect(await mailsTo(reminded)).toHaveLength(1);
  });

  it('does not remind an earner who claimed, nor one who switched reminders off', async () => {
    expect(await queuedTo(claimer)).toEqual([]);
    expect(await queuedTo(optedOut)).toEqual([]);
  });

  it("sends a sponsor one digest a day of their badges' new applications, only when there are any", async () => {
    const today = new Date();
    const nextDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);

    const [first, second] = await Promise.all([
      queueApplicationDigests(deps, new Date(nextDay + HOUR)),
      queueApplicationDigests(deps, new Date(nextDay + HOUR)),
    ]);
    expect(first + second).toBe(1);
    const mails = await deliveredTo(sponsor, 1);
    expect(mails[0]!.subject).toBe('3 new applications to your GETS Badges badges');
    expect(mails[0]!.text).toContain('Reminder Badge (3):');
    for (const name of ['Remi Reminded', 'Clara Claimer', 'Otto Optout']) {
      expect(mails[0]!.text).toContain(`  - ${name}, `);
    }
    expect(mails[0]!.text).toContain(
      `Review them: https://badges.example.org/badge/application/${remindedApplication.badgeId}`,
    );
    // Switched off: nothing, though an application arrived; no applications: nothing.
    expect(await queuedTo(quietSponsor)).toEqual([]);
    expect(await queuedTo(idleSponsor)).toEqual([]);

    // Not twice on the same day, and the next day has nothing new.
    expect(await queueApplicationDigests(deps, new Date(nextDay + 20 * HOUR))).toBe(0);
    expect(await queueApplicationDigests(deps, new Date(nextDay + DAY + HOUR))).toBe(0);
    expect(await queuedTo(sponsor)).toHaveLength(1);
    expect(await mailsTo(sponsor)).toHaveLength(1);
  });
});
