// A sponsor's API keys as a table: name, prefix, scopes in words, dates and
// status, with Revoke (after a confirmation) on each active key. The sponsor's
// Developers page and the admin's sponsor page both show it; the admin's has
// fewer columns. A revoked key shows as such at once, before the list is read again.
import { useId, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { INTEGRATION_MESSAGES, type ApiKey } from '@gets/schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyTableRow } from '@/components/ui/empty-state';
import { TableScroller } from '@/components/ui/table-scroller';
import { useNow } from '@/hooks/use-now';
import type { ApiResult } from '@/lib/api-client';
import { showApiError } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { apiKeyStatus, scopeLabel, shownPrefix, STATUS_STYLES, whenOrNever } from '../lib/api-keys';

const cell = 'px-4 py-3 align-top';
const smallButton =
  'rounded-full border border-red-200 px-4 py-1.5 text-xs font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50';

export function ApiKeysTable({
  keys,
  label,
  queryKey,
  revoke,
  variant = 'sponsor',
  emptyText = 'No API keys yet',
}: {
  keys: ApiKey[];
  /** What the table holds, for its caption and its scrolling box. */
  label: string;
  /** The list's query, updated with the revoked key and read again. */
  queryKey: QueryKey;
  revoke: (id: string) => Promise<ApiResult<ApiKey>>;
  /** 'admin': name, prefix, scopes, last used and status only. */
  variant?: 'sponsor' | 'admin';
  emptyText?: string;
}) {
  const queryClient = useQueryClient();
  const now = useNow();
  const captionId = useId();
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const full = variant === 'sponsor';
  const columns = full ? 8 : 6;

  const confirmRevoke = async () => {
    if (!confirming) return;
    setBusy(true);
    const result = await revoke(confirming.id);
    setBusy(false);
    setConfirming(null);
    if (!result.success) {
      showApiError(result);
      return;
    }
    toast.success(INTEGRATION_MESSAGES.keyRevoked);
    const revoked = result.data;
    queryClient.setQueryData<ApiKey[]>(queryKey, (list) =>
      list?.map((key) => (key.id === revoked.id ? revoked : key)),
    );
    await queryClient.invalidateQueries({ queryKey });
  };

  return (
    <>
      <TableScroller label={label}>
        <table aria-labelledby={captionId} className="w-full bg-white text-left text-sm">
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          <thead className="bg-slate-100 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Name
              </th>
              <th scope="col" className="px-4 py-2">
                Key
              </th>
              <th scope="col" className="px-4 py-2">
                Scopes
              </th>
              {full && (
                <th scope="col" className="px-4 py-2">
                  Created
                </th>
              )}
              <th scope="col" className="px-4 py-2">
                Last used
              </th>
              {full && (
                <th scope="col" className="px-4 py-2">
                  Expires
                </th>
              )}
              <th scope="col" className="px-4 py-2">
                Status
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 && <EmptyTableRow columns={columns}>{emptyText}</EmptyTableRow>}
            {keys.map((key) => {
              const status = apiKeyStatus(key, now);
              const nameId = `${captionId}-${key.id}`;
              return (
                <tr key={key.id} className="border-t border-slate-100">
                  <th scope="row" id={nameId} className={`${cell} font-semibold text-slate-900`}>
                    {key.name}
                  </th>
                  <td className={`${cell} font-mono whitespace-nowrap text-slate-700`}>
                    {shownPrefix(key)}
                  </td>
                  <td className={cell}>
                    <ul className="flex flex-col gap-0.5 text-slate-700">
                      {key.scopes.map((scope) => (
                        <li key={scope}>{scopeLabel(scope)}</li>
                      ))}
                    </ul>
                  </td>
                  {full && (
                    <td className={`${cell} whitespace-nowrap`}>{whenOrNever(key.createdAt)}</td>
                  )}
                  <td className={`${cell} whitespace-nowrap`}>{whenOrNever(key.lastUsedAt)}</td>
                  {full && (
                    <td className={`${cell} whitespace-nowrap`}>{whenOrNever(key.expiresAt)}</td>
                  )}
                  <td className={cell}>
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}
                    >
                      {status}
                    </span>
                  </td>
                  <td className={`${cell} text-right`}>
                    {status === 'Active' && (
                      <button
                        type="button"
                        aria-describedby={nameId}
                        onClick={() => setConfirming(key)}
                        className={smallButton}
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
      <ConfirmDialog
        open={confirming !== null}
        role="dialog"
        title="Revoke API key"
        text={`"${confirming?.name ?? ''}" stops working at once: every call made with it is refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
