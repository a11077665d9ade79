// "Credentials issued" in the admin's badge side panel: each Open Badges
// credential of the badge (earner, issue date, status) with Revoke for the
// active ones; revoked ones show when, and the reason the admin gave.
import { useState } from 'react';
import type { BadgeCredential } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/features/custody';
import { useBadgeCredentials, useRevokeCredential } from '@/features/credentials';
import { formatDateTime } from '@/lib/format';
import { RevokeCredentialDialog, revokeDialogTitle } from './revoke-credential-dialog';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

const STATUS_TEXT = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

export function BadgeCredentials({ badgeId }: { badgeId: string }) {
  const list = useBadgeCredentials(badgeId);
  const revoke = useRevokeCredential();
  const [revoking, setRevoking] = useState<BadgeCredential | null>(null);

  function close() {
    setRevoking(null);
    revoke.reset();
  }

  return (
    <section aria-labelledby="badge-credentials-heading" className="mt-6">
      <h3 id="badge-credentials-heading" className="font-bold text-slate-900">
        Credentials issued
      </h3>
      {list.isPending ? (
        <div role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading credentials...
        </div>
      ) : list.error ? (
        <QueryError
          error={list.error}
          onRetry={list.refetch}
          isRetrying={list.isRefetching}
          className="mt-2 text-sm"
        />
      ) : list.data.length === 0 ? (
        <EmptyState>No credentials issued yet.</EmptyState>
      ) : (
        <ul aria-label="Credentials issued" className="mt-2 divide-y divide-slate-100">
          {list.data.map((credential) => (
            <li key={credential.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{credential.earnerName}</span>
                <span className="block text-slate-500">
                  Issued {formatDateTime(credential.issuedAt)}
                </span>
                {credential.status === 'revoked' ? (
                  <>
                    <span className="block font-medium text-red-700">
                      Revoked {formatDateTime(credential.revokedAt)}
                    </span>
                    {credential.revocationReason && (
                      <span className="block break-words text-slate-500">
                        Reason: {credential.revocationReason}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="block text-slate-700">{STATUS_TEXT[credential.status]}</span>
                )}
              </span>
              {credential.status === 'active' && (
                <button
                  type="button"
                  className={buttonStyles.small}
                  aria-label={revokeDialogTitle(credential.earnerName)}
                  onClick={() => setRevoking(credential)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <RevokeCredentialDialog
          earnerName={revoking.earnerName}
          busy={revoke.isPending}
          error={revoke.error?.message ?? null}
          onClose={close}
          onRevoke={(reason) =>
            revoke.mutate({ credentialId: revoking.id, reason }, { onSuccess: close })
          }
        />
      )}
    </section>
  );
}
