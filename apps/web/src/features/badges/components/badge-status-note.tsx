// What a badge's status means to the person looking at it.
import type { Badge } from '@gets/schema';
import { formatDateTime } from '@/lib/format';

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
