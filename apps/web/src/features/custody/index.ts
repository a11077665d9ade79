// What the rest of the app may use from the custody feature.
export { ChainActionProvider } from './components/chain-action-provider';
export { ConsentDialog } from './components/consent-dialog';
export { Spinner } from './components/spinner';
export { TransactionStatusCard } from './components/transaction-status-card';
export { CHAIN_STATE_QUERY_KEY, useChainAction } from './hooks/use-chain-action';
export { ChainActionError, isCancelled, isStillProcessing } from './lib/chain-action-error';
export type { ActionRequest } from './lib/run-chain-action';
export { closeAllStreams } from './lib/transaction-stream';
export { TransactionFactsView, TRANSACTION_FACTS_TEXTS } from './components/transaction-facts';
export { TransactionFactsError, useTransactionFacts } from './api/get-transaction-facts';
