// One sponsor waiting for a decision (or rejected): full name, username,
// email (not in the compact version), Accept and Reject (Accept only once rejected).
import type { AdminSponsor } from '@gets/schema';
import { SponsorDecisionButtons } from './sponsor-decision-buttons';
import { SponsorPicture } from './sponsor-picture';

export function PendingSponsorItem({
  sponsor,
  compact = false,
}: {
  sponsor: AdminSponsor;
  compact?: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
      <SponsorPicture sponsor={sponsor} size="size-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{sponsor.fullName}</p>
        <p className="truncate text-sm text-slate-600">@{sponsor.userName}</p>
        {!compact && <p className="truncate text-sm text-slate-500">{sponsor.email}</p>}
      </div>
      <SponsorDecisionButtons sponsor={sponsor} />
    </li>
  );
}
