// The sponsor's API keys: the table (Revoke on the active ones) and "Create
// API key", whose dialog shows the new key once.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_KEYS_MAX_PER_SPONSOR, INTEGRATION_MESSAGES, type ApiKey } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { developersKeys, revokeApiKey, useApiKeys } from '../api/developers-api';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { DeveloperSection } from './developer-section';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  const created = (key: ApiKey) => {
    // Listed at once (newest first); the list is read again when the dialog closes.
    queryClient.setQueryData<ApiKey[]>(developersKeys.keys, (list) =>
      list ? [key, ...list] : [key],
    );
  };
  const close = () => {
    setCreating(false);
    void queryClient.invalidateQueries({ queryKey: developersKeys.keys });
  };

  return (
    <DeveloperSection
      id="api-keys"
      title="API keys"
      intro={`A key lets your own systems call the API as you, within the scopes you give it. You can hold up to ${API_KEYS_MAX_PER_SPONSOR} active keys; none of them can move your GETS.`}
      action={
        <button
          type="button"
          onClick={() => setCreating(true)}
          disabled={!keys.data}
          className={buttonStyles.primary}
        >
          Create API key
        </button>
      }
    >
      {keys.isError ? (
        <QueryError
          error={keys.error}
          onRetry={() => keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : !keys.data ? (
        <p role="status" className="text-sm text-slate-500">
          Loading your API keys...
        </p>
      ) : (
        <ApiKeysTable
          keys={keys.data}
          label={INTEGRATION_MESSAGES.keys}
          queryKey={developersKeys.keys}
          revoke={revokeApiKey}
        />
      )}
      {creating && <CreateApiKeyDialog onCreated={created} onClose={close} />}
    </DeveloperSection>
  );
}
