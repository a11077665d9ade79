// "API keys" on the admin's sponsor page: that sponsor's keys (name, prefix,
// scopes, last used, status), and Revoke on an active one, after a confirmation.
import { useId } from 'react';
import { QueryError } from '@/components/ui/query-error';
import { developersKeys, revokeApiKeyAsAdmin, useSponsorApiKeys } from '../api/developers-api';
import { ApiKeysTable } from './api-keys-table';

export function SponsorApiKeys({ sponsorId }: { sponsorId: string }) {
  const keys = useSponsorApiKeys(sponsorId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        API keys
      </h2>
      {keys.isError ? (
        <QueryError
          error={keys.error}
          onRetry={() => keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : !keys.data ? (
        <p role="status" className="text-sm text-slate-500">
          Loading the sponsor&apos;s API keys...
        </p>
      ) : (
        <ApiKeysTable
          keys={keys.data}
          label="The sponsor's API keys"
          queryKey={developersKeys.sponsorKeys(sponsorId)}
          revoke={revokeApiKeyAsAdmin}
          variant="admin"
          emptyText="This sponsor has no API keys"
        />
      )}
    </section>
  );
}
