// An active sponsor's card, linking to /admin/sponsor/{id}: picture, full name,
// the verified mark, @userName, email, their published badges and the GETS in
// their wallet.
import { Link } from 'react-router';
import { ADMIN_TEXTS, TOKEN, type ActiveSponsor } from '@gets/schema';
import { VerifiedTick } from '@/features/accounts';
import { SponsorPicture } from './sponsor-picture';
import { formatAmount, formatNumber } from '@/lib/format';

export function SponsorCard({ sponsor }: { sponsor: ActiveSponsor }) {
  return (
    <li>
      <Link
        to={`/admin/sponsor/${sponsor._id}`}
        className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <div className="flex items-center gap-3">
          <SponsorPicture sponsor={sponsor} />
          <div className="min-w-0">
            <p className="flex items-center gap-1 truncate font-semibold text-slate-900">
              <span className="truncate">{sponsor.fullName}</span>
              {sponsor.isVerified && <VerifiedTick />}
            </p>
            <p className="truncate text-sm text-slate-600">@{sponsor.userName}</p>
          </div>
        </div>
        <p className="truncate text-sm text-slate-500">{sponsor.email}</p>
        <p className="text-sm text-slate-600">
          {formatNumber(sponsor.totalBadge)} {sponsor.totalBadge === 1 ? 'badge' : 'badges'}
        </p>
        <div className="mt-auto flex items-center justify-between">
          <p className="text-sm font-semibold text-brand-800 tabular-nums">
            {formatAmount(sponsor.userBalance)} {TOKEN.symbol}
          </p>
          {sponsor.isBanned ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
              Banned
            </span>
          ) : sponsor.isVerified ? (
            <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-700">
              {ADMIN_TEXTS.verifiedSponsor}
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
