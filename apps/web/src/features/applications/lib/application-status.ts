// What an application's state reads as to its earner (spec section 4):
// APPLIED "Under review", APPROVED a Claim button, REJECTED "Rejected"; a
// BANNED badge reads "Banned" whatever the application. Where the spec is
// silent: a claimed one reads "Claimed", an approval whose claim deadline
// passed "Claim period ended" with its date. The deadline is the
// application's own (approval time plus the claim period, the contract's
// rule: decision 0067), never the badge's batch expiry: every screen that
// offers Claim asks this one function, so none offers it after the deadline.
// An approval on a badge banned or deleted since is still the earner's to
// claim until its deadline (the contract kept its reward in escrow), so it
// keeps its Claim button beside "Banned" or "Badge deleted".
import type { Application, Badge } from '@gets/schema';
import { formatDateTime, formatDays } from '@/lib/format';

export type ApplicationState =
  | {
      kind: 'claimable';
      claimBy: string;
      /** What happened to the badge since the approval, when it closed. */
      closed: 'Banned' | 'Badge deleted' | null;
    }
  | { kind: 'claiming' }
  /** The approval's claim window ended unclaimed: no screen offers Claim. */
  | { kind: 'ended'; text: string }
  | { kind: 'text'; text: string };

const CLOSED = { BANNED: 'Banned', DELETED: 'Badge deleted' } as const;

export const CLAIM_PERIOD_ENDED = 'Claim period ended';

/** "Claim period ended on December 8, 2026 at 3:00 PM", or without a date when none is known. */
export const claimPeriodEnded = (claimDeadline: string | null) =>
  claimDeadline ? `${CLAIM_PERIOD_ENDED} on ${formatDateTime(claimDeadline)}` : CLAIM_PERIOD_ENDED;

/** Whether the approval's own claim deadline has passed (the contract claims until it, inclusive). */
export const claimDeadlinePassed = (claimDeadline: string | null, now = Date.now()) =>
  !claimDeadline || Date.parse(claimDeadline) < now;

export function applicationState(
  application: Application,
  badge: Pick<Badge, 'status'>,
  now = Date.now(),
): ApplicationState {
  const closed =
    badge.status === 'BANNED' || badge.status === 'DELETED' ? CLOSED[badge.status] : null;
  if (application.status === 'APPROVED') {
    if (claimDeadlinePassed(application.claimDeadline, now)) {
      const ended = claimPeriodEnded(application.claimDeadline);
      return { kind: 'ended', text: closed ? `${closed} · ${ended}` : ended };
    }
    if (application.claiming) return { kind: 'claiming' };
    return { kind: 'claimable', claimBy: application.claimDeadline!, closed };
  }
  if (application.status === 'EXPIRED') {
    return { kind: 'ended', text: claimPeriodEnded(application.claimDeadline) };
  }
  if (badge.status === 'BANNED') return { kind: 'text', text: 'Banned' };
  switch (application.status) {
    case 'APPLIED':
      return { kind: 'text', text: 'Under review' };
    case 'REJECTED':
      return { kind: 'text', text: 'Rejected' };
    case 'TOKEN_CLAIMED':
      return { kind: 'text', text: 'Claimed' };
  }
}

/** What becomes of an approval left unclaimed, said before the deadline passes. */
export const UNCLAIMED_NOTE =
  'Unclaimed by then, the approval lapses and the reward goes back to the sponsor.';
/** The same, after the deadline's date in a table cell. */
export const UNCLAIMED_AFTER = 'then the reward goes back to the sponsor';

/** Before approval, the window an approval will open: "You will have 10 days to claim once approved." */
export const claimWindowAhead = (days: number) =>
  `You will have ${formatDays(days)} to claim once approved.`;
