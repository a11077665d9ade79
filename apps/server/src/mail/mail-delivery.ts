// The worker's delivery of queued mails (mail-queue-repository.ts) through
// the platform's mailer: a few at a time, each marked sent once the mail
// server took it. A refusal for good (an SMTP 5xx answer) gives the mail up
// at once; any other failure (the server down, a 4xx) tries again later,
// each time after a longer wait, until MAX_ATTEMPTS.
import { deleteInBatches } from '../db/batched-delete.ts';
import type { Database } from '../db/database.ts';
import type { WorkerJob, WorkerLog } from '../worker/worker.ts';
import type { Mailer } from './mailer.ts';
import { pruneOutboxEmails } from './outbox-repository.ts';
import {
  markMailFailed,
  markMailSent,
  pruneSentMails,
  takeDueMails,
  type MailFailure,
} from './mail-queue-repository.ts';

/** How often the worker looks for mails to deliver. */
export const MAIL_DELIVERY_INTERVAL_MS = 1_000;
/** Mails sent at once, and taken per lease. */
const MAILS_AT_ONCE = 8;
/** Mails per run; the next run sends the rest. */
const MAILS_PER_RUN = 200;
/** A taken mail is due again after this if its worker never says how it went. */
export const MAIL_LEASE_MS = 10 * 60_000;
/** Tries before a mail is given up: with the waits below, about 8 hours after the first. */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 30_000;
/** How long a sent mail's record (and a mail of the embedded outbox) is kept, then deleted. */
export const SENT_MAIL_KEPT_MS = 30 * 86_400_000;
/** How often sent mails past SENT_MAIL_KEPT_MS are deleted, and how many a statement deletes. */
const MAIL_PRUNING_INTERVAL_MS = 10 * 60_000;
const MAILS_PRUNED_AT_ONCE = 1_000;
const LONGEST_RETRY_MS = 2 * 3_600_000;

/** When to try again after the `attempts`th failed try; null: give up. */
export function retryAt(now: Date, attempts: number, error: unknown): Date | null {
  if (isPermanentRefusal(error) || attempts >= MAX_ATTEMPTS) return null;
  const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
  return new Date(now.getTime() + wait);
}

/** An SMTP 5xx answer: the server will not take this mail however often it is sent. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What is recorded of a failed try: its kind, never the server's words (those are logged). */
export const failureOf = (error: unknown): MailFailure =>
  isPermanentRefusal(error) ? 'REFUSED' : 'DEFERRED';

export interface MailDeliveryDeps {
  db: Database;
  mailer: Mailer;
  log: WorkerLog;
}

/** Delivers the mails due at `now()`; answers how many were sent. */
export async function deliverQueuedMails(
  deps: MailDeliveryDeps,
  now: () => Date = () => new Date(),
): Promise<number> {
  let sent = 0;
  for (let taken = 0; taken < MAILS_PER_RUN;) {
    const at = now();
    const mails = await takeDueMails(deps.db, {
      now: at,
      leaseUntil: new Date(at.getTime() + MAIL_LEASE_MS),
      limit: MAILS_AT_ONCE,
    });
    if (mails.length === 0) break;
    taken += mails.length;
    await Promise.all(
      mails.map(async (mail) => {
        try {
          await deps.mailer.send(mail);
        } catch (error) {
          const attempts = mail.attempts + 1;
          const failedAt = now();
          const again = retryAt(failedAt, attempts, error);
          await markMailFailed(deps.db, mail.id, {
            failure: failureOf(error),
            now: failedAt,
            retryAt: again,
          });
          deps.log.error(
            { err: error, mailId: mail.id, attempts, retryAt: again?.toISOString() ?? null },
            again ? 'mail not sent; trying again later' : 'mail not sent; given up',
          );
          return;
        }
        await markMailSent(deps.db, mail.id, now());
        sent += 1;
      }),
    );
  }
  return sent;
}

export function mailDeliveryJob(deps: MailDeliveryDeps): WorkerJob {
  return {
    name: 'mail-delivery',
    intervalMs: MAIL_DELIVERY_INTERVAL_MS,
    run: async () => {
      await deliverQueuedMails(deps);
    },
  };
}

/**
 * Deletes the mails sent more than SENT_MAIL_KEPT_MS before `now()`, a
 * thousand a statement, so the queue holds what is still to send and what
 * was given up, not every mail ever sent; and the embedded outbox's mails
 * kept as long. Answers how many of each.
 */
export async function pruneOldMails(
  db: Database,
  now: () => Date = () => new Date(),
): Promise<{ queued: number; outbox: number }> {
  const before = new Date(now().getTime() - SENT_MAIL_KEPT_MS);
  const prune = (statement: typeof pruneSentMails) =>
    deleteInBatches((limit) => statement(db, { before, limit }), MAILS_PRUNED_AT_ONCE);
  return { queued: await prune(pruneSentMails), outbox: await prune(pruneOutboxEmails) };
}

export function mailPruningJob(deps: Pick<MailDeliveryDeps, 'db'>): WorkerJob {
  return {
    name: 'mail-pruning',
    intervalMs: MAIL_PRUNING_INTERVAL_MS,
    run: async () => {
      await pruneOldMails(deps.db);
    },
  };
}
