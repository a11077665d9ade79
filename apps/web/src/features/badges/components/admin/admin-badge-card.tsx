// A badge in the admin lists: pending ones in orange with "Verify details"
// (opens the side panel), the others a link to their badge page and
// "Credentials" (the side panel, with the credentials issued for the badge).
import { Link } from 'react-router';
import { TOKEN, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { badgePath } from '../../lib/badge-links';

export function AdminBadgeCard({
  badge,
  onOpen,
}: {
  badge: Badge;
  /** Opens the side panel: to approve a pending badge, or for the credentials of the others. */
  onOpen: (badge: Badge) => void;
}) {
  const pending = badge.status === 'UNDER_VERIFICATION';
  return (
    <div
      className={`flex flex-col gap-3 rounded-2xl border-2 p-3 ${
        pending ? 'border-orange-400 bg-orange-50' : 'border-slate-200 bg-white'
      }`}
    >
      <Link
        to={badgePath(badge._id)}
        className="flex gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <img
          src={badge.image}
          alt={`${badge.name} image`}
          className="size-16 shrink-0 rounded-xl object-cover"
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{badge.name}</span>
          <span className="block text-sm text-slate-600">
            Badge No. {TOKEN.symbol} {badge.badgeNo} ·{' '}
            {badge.badgeAccess === 'public' ? 'Public' : 'Private'}
          </span>
          <span className="block truncate text-xs text-slate-500">by {badge.sponsorName}</span>
          {badge.status === 'BANNED' && (
            <span className="text-xs font-bold text-red-700">Banned</span>
          )}
          {badge.status === 'REMOVED' && (
            <span className="text-xs font-bold text-slate-600">Removed: not approved in time</span>
          )}
        </span>
      </Link>
      <button
        type="button"
        onClick={() => onOpen(badge)}
        aria-label={pending ? undefined : `Credentials of ${badge.name}`}
        className={
          pending
            ? 'rounded-full bg-orange-500 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600'
            : buttonStyles.outline
        }
      >
        {pending ? 'Verify details' : 'Credentials'}
      </button>
    </div>
  );
}
