// "My Applications" on the earner dashboard (spec section 2): Badge, ID,
// Badge name and Status ("Under review", a Claim button once approved,
// "Rejected", "Banned" over any of them), "No applications found!", and a
// table that scrolls beyond 400 px. An approval outlives a ban or a deletion
// of its badge: "Banned" or "Badge deleted" shows beside its Claim button.
// Claim shows until the application's own claim deadline, never after it,
// as in the details modal and on the badge page (decision 0067); before
// approval the row says how long the claim window will be.
import {
  APPLICATIONS_TABLE_MAX_HEIGHT_PX,
  EMPTY_STATES,
  TOKEN,
  type ApplicationWithBadge,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatDateTime } from '@/lib/format';
import { useNow } from '@/hooks/use-now';
import { useClaimPeriodDays } from '@/features/badges';
import { useClaimBadge } from '../api/claim-badge';
import { UNCLAIMED_AFTER, applicationState, claimWindowAhead } from '../lib/application-status';
import { EmptyTableRow } from '@/components/ui/empty-state';

/** How often a row looks at the clock again: Claim goes within this long of the deadline. */
const CLAIM_CHECK_MS = 15_000;

function StatusCell({ application, email }: { application: ApplicationWithBadge; email: string }) {
  const { claim, isClaiming, claimedId } = useClaimBadge();
  // Read again while the page is open: a deadline passing takes Claim away without a reload.
  const now = useNow(CLAIM_CHECK_MS);
  const claimPeriod = useClaimPeriodDays();
  const state = applicationState(application, application.badge, now);
  // Claimed from the claim's own answer, before the list is read again (no Claim flashing back).
  if (claimedId === application._id) return <>Claimed</>;
  if (state.kind === 'text' && application.status === 'APPLIED' && claimPeriod !== null) {
    return (
      <span className="flex flex-col">
        <span>{state.text}</span>
        <span className="text-xs text-slate-500">{claimWindowAhead(claimPeriod)}</span>
      </span>
    );
  }
  if (state.kind === 'text' || state.kind === 'ended') return <>{state.text}</>;
  if (state.kind === 'claiming' || isClaiming) return <>Claiming...</>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {state.closed && <span className="font-medium text-slate-900">{state.closed}</span>}
      <button
        type="button"
        className={buttonStyles.small}
        aria-label={`Claim ${application.badge.name}`}
        onClick={() => void claim(application, email)}
      >
        Claim
      </button>
      <span className="text-xs text-slate-500">
        Claim deadline: {formatDateTime(state.claimBy)}, {UNCLAIMED_AFTER}
      </span>
    </span>
  );
}

export function MyApplications({
  applications,
  email,
}: {
  applications: ApplicationWithBadge[];
  email: string;
}) {
  return (
    <section aria-labelledby="my-applications-heading">
      <h2 id="my-applications-heading" className="mb-4 text-xl font-bold text-slate-900">
        My Applications
      </h2>
      <div
        className="overflow-auto rounded-2xl border border-slate-200 bg-white"
        style={{ maxHeight: APPLICATIONS_TABLE_MAX_HEIGHT_PX }}
      >
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Badge</th>
              <th className="px-4 py-2 font-medium">ID</th>
              <th className="px-4 py-2 font-medium">Badge name</th>
              <th className="px-4 py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {applications.length === 0 ? (
              <EmptyTableRow columns={4}>{EMPTY_STATES.noApplications}</EmptyTableRow>
            ) : (
              applications.map((application) => (
                <tr key={application._id} className="border-t border-slate-100">
                  <td className="px-4 py-2">
                    <img
                      src={application.badge.image}
                      alt={`${application.badge.name} image`}
                      className="size-10 rounded-lg object-cover"
                    />
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">
                    {TOKEN.symbol} {application.badge.badgeNo}
                  </td>
                  <td className="px-4 py-2 font-medium text-slate-900">{application.badge.name}</td>
                  <td className="px-4 py-2">
                    <StatusCell application={application} email={email} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
