// What an application's state reads as to its earner (spec section 4):
// APPLIED "Under review", APPROVED a Claim button, REJECTED "Rejected"; a
// BANNED badge reads "Banned" whatever the application. Where the spec is
// silent: a claimed one reads "Claimed", an approval whose claim period ended
// "Claim period ended", an application of a deleted badge "Badge deleted".
import type { Application, Badge } from '@gets/schema';

export type ApplicationState =
  { kind: 'claimable'; claimBy: string } | { kind: 'claiming' } | { kind: 'text'; text: string };

export function applicationState(
  application: Application,
  badge: Pick<Badge, 'status'>,
  now = Date.now(),
): ApplicationState {
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
    case 'APPROVED':
      if (badge.status === 'DELETED') return { kind: 'text', text: 'Badge deleted' };
      if (!application.claimDeadline || Date.parse(application.claimDeadline) < now) {
        return { kind: 'text', text: 'Claim period ended' };
      }
      if (application.claiming) return { kind: 'claiming' };
      return { kind: 'claimable', claimBy: application.claimDeadline };
  }
}
