// Runs a chain action through consent and live status:
//   const transfer = useChainAction({ auth: 'user' });
//   const tx = await transfer.run((consentToken) => apiRequest(path, { method: 'POST', body: { ...body, consentToken } }));
// Resolves with the final transaction (COMPLETED with its events, or FAILED);
// rejects with a ChainActionError when cancelled or when it could not finish,
// or of kind 'processing' when the page stopped waiting for a transaction that
// is still running (then `stillProcessing` is true until the next run).
// Once an action has run, every query of chain state (keys starting with
// CHAIN_STATE_QUERY_KEY: balances, stakes...) is fetched again.
import { useCallback, useContext, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TransactionStatus } from '@gets/schema';
import { getTransactionStatus } from '../api/get-transaction-status';
import { ConsentContext } from '../components/chain-action-provider';
import { ChainActionError, isStillProcessing } from '../lib/chain-action-error';
import {
  runChainAction,
  type ActionRequest,
  type RunChainActionOptions,
} from '../lib/run-chain-action';
import { streamFor, type ChainActor } from '../lib/transaction-stream';

/** Queries of what the chain holds start with this key; a finished chain action refreshes them. */
export const CHAIN_STATE_QUERY_KEY = ['chain'] as const;

/**
 * The action's calls, stopped by a refusal of an ended session: the app says
 * so once, so neither the consent step nor the caller adds a toast of its own.
 */
function stoppedBySessionEnd(request: ActionRequest): ActionRequest {
  return async (consentToken) => {
    const result = await request(consentToken);
    if (!result.success && result.sessionEnded) {
      throw new ChainActionError('session', result.message);
    }
    return result;
  };
}

export interface UseChainActionOptions {
  auth?: ChainActor;
  /** The request to run when `run()` is called without one. */
  request?: ActionRequest;
  /** The consent dialog's title; the description always comes from the server. */
  title?: string;
}

export function useChainAction({ auth = 'user', request, title }: UseChainActionOptions = {}) {
  const askConsent = useContext(ConsentContext);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TransactionStatus | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  /** The last run stopped waiting with its transaction still running. */
  const [stillProcessing, setStillProcessing] = useState(false);
  /** Set while an action queued as several transactions runs: how many have ended. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = useCallback(
    async (
      override?: ActionRequest,
      {
        progressText,
        progressToastId,
      }: Pick<RunChainActionOptions, 'progressText' | 'progressToastId'> = {},
    ): Promise<TransactionStatus> => {
      const actionRequest = override ?? request;
      if (!askConsent) throw new Error('useChainAction needs <ChainActionProvider>');
      if (!actionRequest) throw new Error('useChainAction: no request to run');
      setIsRunning(true);
      setStatus(null);
      setProgress(null);
      setStillProcessing(false);
      try {
        const final = await runChainAction({
          request: stoppedBySessionEnd(actionRequest),
          auth,
          title,
          askConsent,
          getStatus: (id) => getTransactionStatus(id, auth),
          feed: streamFor(auth),
          onStatus: setStatus,
          onProgress: setProgress,
          ...(progressText ? { progressText } : {}),
          ...(progressToastId ? { progressToastId } : {}),
        });
        void queryClient.invalidateQueries({ queryKey: CHAIN_STATE_QUERY_KEY });
        return final;
      } catch (error) {
        if (isStillProcessing(error)) setStillProcessing(true);
        throw error;
      } finally {
        setIsRunning(false);
      }
    },
    [askConsent, auth, request, title, queryClient],
  );

  return { run, status, isRunning, progress, stillProcessing };
}
