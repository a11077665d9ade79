// What a badge's status means to the person looking at it.
import type { Badge } from '@gets/schema';
import { formatDateTime } from '@/lib/format';

/**
 * A published badge before an admin's approval (spec section 4: it "waits
 * UNDER_VERIFICATION for admin approval"): nobody can apply until then.
 */
export const WAITING_FOR_ADMIN = 'Waiting for an admin to approve it';

/** The sponsor's own card of a badge that waits for an admin (their dashboard). */
export function WaitingForAdminNote({ badge }: { badge: Pick<Badge, 'status'> }) {
  if (badge.status !== 'UNDER_VERIFICATION') return null;
  return (
    <p className="rounded-xl bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900">
      {WAITING_FOR_ADMIN}: earners can apply once it is approved.
    </p>
  );
}

export function BadgeStatusNote({ badge }: { badge: Badge }) {
  switch (badge.status) {
    case 'BANNED':
      return (
        <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-bold text-red-700">Banned</p>
      );
    case 'UNDER_VERIFICATION':
      return (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Under verification</span>
          {badge.approvalDeadline && (
            <> · an admin approves it by {formatDateTime(badge.approvalDeadline)}</>
          )}
        </p>
      );
    case 'REMOVED':
      return (
        <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Removed: not approved within the approval period; its rewards and fee were refunded.
        </p>
      );
    case 'DRAFT':
      return <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">Draft</p>;
    default:
      return null;
  }
}
