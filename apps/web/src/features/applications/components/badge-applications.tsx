// The Applications page of a badge (spec section 2): "Applied Student
// Details", a table sorted by full name with S.No., Full Name, Program Name,
// Award Criteria, Evidence for Awarding Criteria, Evidence Proof (50
// characters and "Read More") and Action (approve and reject while APPLIED,
// else "Rejected" or "Approved"). Several applications can be selected and
// decided in one consent. A private badge's sponsor whitelists earners here,
// one by wallet or many from a CSV file. On a narrow screen the table scrolls
// sideways, and a line above it says so (Approve and Reject are off to the right).
import { useId, useState } from 'react';
import {
  EMPTY_STATES,
  EVIDENCE_TRUNCATION,
  TOKEN,
  type Application,
  type Badge,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBadgeApplications } from '../api/get-badge-applications';
import { useReviewApplications, type Decision } from '../api/review-applications';
import { WhitelistCsvSection } from './whitelist-csv-section';
import { WhitelistForm } from './whitelist-form';
import { TableScroller } from '@/components/ui/table-scroller';
import { QueryError } from '@/components/ui/query-error';
import { EmptyTableRow } from '@/components/ui/empty-state';
import { formatAmount } from '@/lib/format';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Said above the table while it is wider than the screen (a 375 px phone):
 * Action, the spec's last column, is then out of view to the right.
 */
export const SCROLL_HINTS = {
  decide: 'Scroll the table sideways to see Approve and Reject.',
  columns: 'Scroll the table sideways to see every column.',
} as const;

function EvidenceProof({ application }: { application: Application }) {
  const [open, setOpen] = useState(false);
  const evidence = application.requestedEvidenceDoc;
  if (!evidence) return <>N/A</>;
  const short = evidence.length > EVIDENCE_TRUNCATION;
  return (
    <>
      <span className="break-words">
        {short ? `${evidence.slice(0, EVIDENCE_TRUNCATION)}...` : evidence}
      </span>
      {short && (
        <button
          type="button"
          className="ml-1 text-xs font-semibold text-brand-800 underline"
          aria-label={`Read More of ${application.fullName}'s evidence`}
          onClick={() => setOpen(true)}
        >
          Read More
        </button>
      )}
      <Modal open={open} title="Evidence Proof" onClose={() => setOpen(false)} size="md">
        <p className="text-sm font-medium text-slate-500">{application.fullName}</p>
        <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-900">{evidence}</p>
      </Modal>
    </>
  );
}

function ActionCell({
  application,
  busy,
  onDecide,
}: {
  application: Application;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  if (application.status === 'REJECTED') return <span className="text-red-700">Rejected</span>;
  if (application.status !== 'APPLIED') return <span className="text-brand-800">Approved</span>;
  if (application.reviewing) return <span className="text-slate-500">Being reviewed...</span>;
  return (
    <span className="flex gap-2">
      <button
        type="button"
        className={buttonStyles.small}
        disabled={busy}
        aria-label={`Approve ${application.fullName}`}
        onClick={() => onDecide(true)}
      >
        Approve
      </button>
      <button
        type="button"
        className={`${buttonStyles.small} bg-red-700 hover:bg-red-800`}
        disabled={busy}
        aria-label={`Reject ${application.fullName}`}
        onClick={() => onDecide(false)}
      >
        Reject
      </button>
    </span>
  );
}

export function BadgeApplications({ badge, email }: { badge: Badge; email: string }) {
  const rowId = useId();
  useDocumentTitle(`Applications of ${badge.name}`);
  const applications = useBadgeApplications(badge._id);
  const { review, isReviewing } = useReviewApplications();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = applications.data ?? [];
  const pending = list.filter((a) => a.status === 'APPLIED' && !a.reviewing);
  const chosen = pending.filter((a) => selected.has(a._id));

  async function decide(decisions: Decision[]) {
    if (await review({ badge, decisions, email })) setSelected(new Set());
  }

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-wide text-brand-700">
        Badge No. {TOKEN.symbol} {badge.badgeNo} · {badge.name}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
        Applied Student Details
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        Remaining badges:{' '}
        <span className="font-semibold text-slate-900">{badge.availableBadge}</span> of{' '}
        {badge.numberOfBadge}
      </p>

      {!badge.isPublic && (
        <>
          <WhitelistForm badge={badge} email={email} />
          <WhitelistCsvSection badge={badge} />
        </>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonStyles.small}
          disabled={chosen.length === 0 || isReviewing}
          onClick={() => void decide(chosen.map((application) => ({ application, approve: true })))}
        >
          Approve selected ({chosen.length})
        </button>
        <button
          type="button"
          className={`${buttonStyles.small} bg-red-700 hover:bg-red-800`}
          disabled={chosen.length === 0 || isReviewing}
          onClick={() =>
            void decide(chosen.map((application) => ({ application, approve: false })))
          }
        >
          Reject selected ({chosen.length})
        </button>
      </div>

      <div className="mt-4">
        <TableScroller
          label="Applications table"
          className="bg-white"
          hint={pending.length > 0 ? SCROLL_HINTS.decide : SCROLL_HINTS.columns}
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">
                  <span className="sr-only">Select</span>
                </th>
                <th className="px-3 py-2 font-medium">S.No.</th>
                <th className="px-3 py-2 font-medium">Full Name</th>
                <th className="px-3 py-2 font-medium">Program Name (if any)</th>
                <th className="px-3 py-2 font-medium">Award Criteria (Yes/No)</th>
                <th className="px-3 py-2 font-medium">Evidence for Awarding Criteria (Yes/No)</th>
                <th className="px-3 py-2 font-medium">Evidence Proof</th>
                <th className="px-3 py-2 font-medium">Action</th>
              </tr>
            </thead>
            <tbody>
              {applications.isPending ? (
                <tr>
                  <td colSpan={8} className="px-4 py-8 text-center text-slate-500" role="status">
                    Loading applications...
                  </td>
                </tr>
              ) : applications.isError ? (
                <tr>
                  <td colSpan={8} className="px-4">
                    <QueryError
                      error={applications.error}
                      onRetry={applications.refetch}
                      isRetrying={applications.isRefetching}
                      className="py-8"
                    />
                  </td>
                </tr>
              ) : list.length === 0 ? (
                <EmptyTableRow columns={8}>{EMPTY_STATES.noBadgeApplications}</EmptyTableRow>
              ) : (
                list.map((application, index) => {
                  const selectable = application.status === 'APPLIED' && !application.reviewing;
                  const checkboxId = `${rowId}-${application._id}`;
                  return (
                    <tr key={application._id} className="border-t border-slate-100 align-top">
                      <td className="px-3 py-2">
                        {selectable && (
                          <input
                            id={checkboxId}
                            type="checkbox"
                            className="size-4 accent-brand-800"
                            checked={selected.has(application._id)}
                            onChange={() => toggle(application._id)}
                          />
                        )}
                      </td>
                      <td className="px-3 py-2">{index + 1}</td>
                      <td className="px-3 py-2 font-medium text-slate-900">
                        {/* The name is the row checkbox's visible label: a click on it selects the row. */}
                        {selectable ? (
                          <label htmlFor={checkboxId} className="cursor-pointer">
                            {application.fullName}
                          </label>
                        ) : (
                          application.fullName
                        )}
                      </td>
                      <td className="px-3 py-2">{application.program || 'N/A'}</td>
                      <td className="px-3 py-2">{yesNo(application.awardCriteria)}</td>
                      <td className="px-3 py-2">{yesNo(application.awardingCriteriaEvidence)}</td>
                      <td className="max-w-xs px-3 py-2">
                        <EvidenceProof application={application} />
                      </td>
                      <td className="px-3 py-2">
                        <ActionCell
                          application={application}
                          busy={isReviewing}
                          onDecide={(approve) => void decide([{ application, approve }])}
                        />
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </TableScroller>
      </div>
      {pending.length > 0 && (
        <p className="mt-3 text-xs text-slate-500">
          Each approval takes one of the badges left and lets the earner claim the badge and its{' '}
          {formatAmount(badge.amountOfToken)} {TOKEN.symbol} reward within the claim period.
        </p>
      )}
    </section>
  );
}
