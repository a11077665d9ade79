// What an application's state reads as to its earner (spec section 4):
// APPLIED "Under review", APPROVED a Claim button, REJECTED "Rejected"; a
// BANNED badge reads "Banned" whatever the application. Where the spec is
// silent: a claimed one reads "Claimed", an approval whose claim period ended
// "Claim period ended". An approval on a badge banned or deleted since is
// still the earner's to claim until its deadline (the contract kept its
// reward in escrow), so it keeps its Claim button beside "Banned" or
// "Badge deleted".
import type { Application, Badge } from '@gets/schema';

export type ApplicationState =
  | {
      kind: 'claimable';
      claimBy: string;
      /** What happened to the badge since the approval, when it closed. */
      closed: 'Banned' | 'Badge deleted' | null;
    }
  | { kind: 'claiming' }
  | { kind: 'text'; text: string };

const CLOSED = { BANNED: 'Banned', DELETED: 'Badge deleted' } as const;

export function applicationState(
  application: Application,
  badge: Pick<Badge, 'status'>,
  now = Date.now(),
): ApplicationState {
  const closed =
    badge.status === 'BANNED' || badge.status === 'DELETED' ? CLOSED[badge.status] : null;
  if (application.status === 'APPROVED') {
    if (!application.claimDeadline || Date.parse(application.claimDeadline) < now) {
      return { kind: 'text', text: closed ?? 'Claim period ended' };
    }
    if (application.claiming) return { kind: 'claiming' };
    return { kind: 'claimable', claimBy: application.claimDeadline, closed };
  }
  if (badge.status === 'BANNED') return { kind: 'text', text: 'Banned' };
  switch (application.status) {
    case 'APPLIED':
      return { kind: 'text', text: 'Under review' };
    case 'REJECTED':
      return { kind: 'text', text: 'Rejected' };
    case 'TOKEN_CLAIMED':
      return { kind: 'text', text: 'Claimed' };
    case 'EXPIRED':
      return { kind: 'text', text: 'Claim period ended' };
  }
}

/** What becomes of an approval left unclaimed, said before the deadline passes. */
export const UNCLAIMED_NOTE =
  'Unclaimed by then, the approval lapses and the reward goes back to the sponsor.';
/** The same, after the deadline's date in a table cell. */
export const UNCLAIMED_AFTER = 'then the reward goes back to the sponsor';
