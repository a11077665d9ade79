// Reminder emails of applications, decided by the worker: an approved earner
// who has not claimed is reminded once, CLAIM_REMINDER_DAYS before the claim
// period ends; a sponsor gets one digest a day (UTC) of the applications to
// their badges that arrived since the last one, only when there are any.
// Either can be switched off on the profile. Each mail is recorded as sent
// by the statement that decides it (see reminder-repository.ts) and queued in
// the same transaction; the mail delivery job sends it. So a crash never
// sends one twice (nothing leaves before the commit), and a mail server that
// is down delays reminders rather than holding the job.
import { PRODUCT_NAME } from '@gets/schema';
import type { Database } from '../../db/database.ts';
import { queueMails } from '../../mail/mail-queue-repository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { utcDateTime } from '../../mail/dates-for-people.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import {
  listApplicationsArrived,
  takeDueClaimReminder,
  takeDueDigest,
  type DigestApplication,
  type DueClaimReminder,
} from './reminder-repository.ts';

/** How often the worker looks for reminders and digests to send. */
export const REMINDER_CHECK_INTERVAL_MS = 60_000;
/** Mails of each kind per run; the next run queues the rest. */
const MAILS_PER_RUN = 100;

const DAY_MS = 86_400_000;

export interface ReminderDeps {
  db: Database;
  claimReminderDays: number;
  /** The platform's public base URL for the links; undefined: links are paths only. */
  publicUrl(): string | undefined;
}

/** The claim deadlines an earner is reminded of at `now`: those in (now, now + days]. */
export function claimReminderWindow(now: Date, days: number): { now: Date; until: Date } {
  return { now, until: new Date(now.getTime() + days * DAY_MS) };
}

/**
 * The digest of the UTC day of `now`: it covers applications that arrived up
 * to that day's start (so a day's digest is about whole days), and for a
 * sponsor's first digest, those of the day before.
 */
export function digestOfDay(now: Date): { day: string; firstFrom: Date; until: Date } {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    day: until.toISOString().slice(0, 10),
    firstFrom: new Date(until.getTime() - DAY_MS),
    until,
  };
}

const link = (base: string | undefined, path: string) => `${base ?? ''}${path}`;

export function claimReminderMail(
  reminder: DueClaimReminder,
  days: number,
  baseUrl: string | undefined,
): MailMessage {
  return {
    to: reminder.email,
    // The badge's name is its sponsor's words: in the body only, never in a header.
    subject: `Claim your ${PRODUCT_NAME} badge before ${utcDateTime(reminder.claimDeadline)}`,
    text: [
      `Hello ${reminder.fullName},`,
      '',
      `Your application for the "${reminder.badgeName}" badge was approved, and you have not claimed it yet.`,
      `The claim period ends on ${utcDateTime(reminder.claimDeadline)} (in ${days} day${days === 1 ? '' : 's'} or less); after that the badge and its tokens are released.`,
      '',
      `Claim it here: ${link(baseUrl, `/badge/${reminder.badgeId}`)}`,
      '',
      `You can turn these reminders off on your ${PRODUCT_NAME} profile: ${link(baseUrl, '/profile')}`,
    ].join('\n'),
  };
}

export function digestMail(
  sponsor: { email: string; fullName: string },
  applications: DigestApplication[],
  baseUrl: string | undefined,
): MailMessage {
  const byBadge = new Map<string, DigestApplication[]>();
  for (const application of applications) {
    byBadge.set(application.badgeId, [...(byBadge.get(application.badgeId) ?? []), application]);
  }
  const sections = [...byBadge.entries()].flatMap(([badgeId, list]) => [
    `${list[0]!.badgeName} (${list.length}):`,
    ...list.map((a) => `  - ${a.fullName}, applied ${utcDateTime(a.appliedAt)}`),
    `  Review them: ${link(baseUrl, `/badge/application/${badgeId}`)}`,
    '',
  ]);
  const count = applications.length;
  return {
    to: sponsor.email,
    subject: `${count} new application${count === 1 ? '' : 's'} to your ${PRODUCT_NAME} badges`,
    text: [
      `Hello ${sponsor.fullName},`,
      '',
      `Since your last digest, ${count} application${count === 1 ? '' : 's'} arrived:`,
      '',
      ...sections,
      `You can turn this daily digest off on your profile: ${link(baseUrl, '/profile')}`,
    ].join('\n'),
  };
}

/** Queues the claim reminders due at `now`; answers how many. */
export async function queueClaimReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const window = claimReminderWindow(now, deps.claimReminderDays);
  let queued = 0;
  while (queued < MAILS_PER_RUN) {
    const done = await deps.db.transaction(async (tx) => {
      const reminder = await takeDueClaimReminder(tx, window);
      if (!reminder) return false;
      await queueMails(tx, [claimReminderMail(reminder, deps.claimReminderDays, deps.publicUrl())]);
      return true;
    });
    if (!done) break;
    queued += 1;
  }
  return queued;
}

/** Queues the sponsors' digests of the UTC day of `now`; answers how many. */
export async function queueApplicationDigests(deps: ReminderDeps, now: Date): Promise<number> {
  const day = digestOfDay(now);
  let queued = 0;
  while (queued < MAILS_PER_RUN) {
    const done = await deps.db.transaction(async (tx) => {
      const digest = await takeDueDigest(tx, { ...day, now });
      if (!digest) return false;
      const applications = await listApplicationsArrived(tx, digest.sponsorId, {
        from: digest.coveredFrom,
        until: digest.coveredUntil,
      });
      await queueMails(tx, [digestMail(digest, applications, deps.publicUrl())]);
      return true;
    });
    if (!done) break;
    queued += 1;
  }
  return queued;
}

export function reminderJobs(
  deps: ReminderDeps,
  clock: () => Date = () => new Date(),
): WorkerJob[] {
  return [
    {
      name: 'claim-reminders',
      intervalMs: REMINDER_CHECK_INTERVAL_MS,
      run: async () => {
        await queueClaimReminders(deps, clock());
      },
    },
    {
      name: 'application-digests',
      intervalMs: REMINDER_CHECK_INTERVAL_MS,
      run: async () => {
        await queueApplicationDigests(deps, clock());
      },
    },
  ];
}
