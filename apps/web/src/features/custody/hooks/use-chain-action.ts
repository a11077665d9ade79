// Runs a chain action through consent and live status:
//   const transfer = useChainAction({ auth: 'user' });
//   const tx = await transfer.run((consentToken) => apiRequest(path, { method: 'POST', body: { ...body, consentToken } }));
// Resolves with the final transaction (COMPLETED with its events, or FAILED);
// rejects with a ChainActionError when cancelled or when it could not finish.
import { useCallback, useContext, useState } from 'react';
import type { TransactionStatus } from '@gets/schema';
import { getTransactionStatus } from '../api/get-transaction-status';
import { ConsentContext } from '../components/chain-action-provider';
import { runChainAction, type ActionRequest } from '../lib/run-chain-action';
import { streamFor, type ChainActor } from '../lib/transaction-stream';

export interface UseChainActionOptions {
  auth?: ChainActor;
  /** The request to run when `run()` is called without one. */
  request?: ActionRequest;
  /** The consent dialog's title; the description always comes from the server. */
  title?: string;
}

export function useChainAction({ auth = 'user', request, title }: UseChainActionOptions = {}) {
  const askConsent = useContext(ConsentContext);
  const [status, setStatus] = useState<TransactionStatus | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  const run = useCallback(
    async (override?: ActionRequest): Promise<TransactionStatus> => {
      const actionRequest = override ?? request;
      if (!askConsent) throw new Error('useChainAction needs <ChainActionProvider>');
      if (!actionRequest) throw new Error('useChainAction: no request to run');
      setIsRunning(true);
      setStatus(null);
      try {
        return await runChainAction({
          request: actionRequest,
          auth,
          title,
          askConsent,
          getStatus: (id) => getTransactionStatus(id, auth),
          feed: streamFor(auth),
          onStatus: setStatus,
        });
      } finally {
        setIsRunning(false);
      }
    },
    [askConsent, auth, request, title],
  );

  return { run, status, isRunning };
}
