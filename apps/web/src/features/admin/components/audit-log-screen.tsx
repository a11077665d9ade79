// Audit log: every admin action (when, who, what, on what), newest first, with
// the outcome of the ones that went on chain; filtered by action, See more for
// older ones.
import { useState } from 'react';
import { ADMIN_TEXTS, AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { SelectField } from '@/components/ui/form-field';
import { PageSpinner } from '@/features/accounts';
import { useAuditLog } from '../api/get-audit-log';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/format';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

const OUTCOMES = { QUEUED: 'Pending', COMPLETED: 'Completed', FAILED: 'Failed' } as const;

const when = (iso: string) => formatDateTime(iso);

/** The target in words: its kind and id, with a name or an email when the entry has one. */
function target(entry: AuditEntry): string {
  if (!entry.targetKind) return '';
  const label = entry.details.name ?? entry.details.email;
  const named = typeof label === 'string' ? `${label} ` : '';
  return `${entry.targetKind} ${named}${entry.targetId ? `(${entry.targetId})` : ''}`.trim();
}

export function AuditLogScreen() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const log = useAuditLog(action);
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-5">
      <div className="flex items-end justify-between gap-4">
        <h2 id="audit-heading" className="text-2xl font-bold text-slate-900">
          Audit log
        </h2>
        <div className="w-72">
          <SelectField
            label="Action"
            value={action}
            placeholder="All actions"
            options={ACTION_OPTIONS}
            onChange={(event) => setAction(event.target.value as AuditAction | '')}
          />
        </div>
      </div>
      {log.isPending ? (
        <PageSpinner />
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={log.refetch} isRetrying={log.isRefetching} />
      ) : log.entries.length === 0 ? (
        <EmptyState>No admin actions yet</EmptyState>
      ) : (
        <table className="w-full overflow-hidden rounded-2xl bg-white text-left text-sm shadow-sm">
          <thead className="bg-slate-100 text-slate-600">
            <tr>
              <th className="px-4 py-2">When</th>
              <th className="px-4 py-2">Admin</th>
              <th className="px-4 py-2">Action</th>
              <th className="px-4 py-2">Target</th>
              <th className="px-4 py-2">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100">
                <td className="px-4 py-2 whitespace-nowrap">
                  <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                </td>
                <td className="px-4 py-2">{entry.adminEmail}</td>
                <td className="px-4 py-2">{AUDIT_ACTIONS[entry.action]}</td>
                <td className="px-4 py-2 break-all">{target(entry)}</td>
                <td className="px-4 py-2" title={entry.failureReason ?? undefined}>
                  {entry.outcome ? OUTCOMES[entry.outcome] : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          className={`${buttonStyles.outline} self-center`}
        >
          {ADMIN_TEXTS.seeMore}
        </button>
      )}
    </section>
  );
}
