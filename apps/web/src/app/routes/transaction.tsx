// /tx/{hash}: one of the platform's transactions as the chain shows it, where
// every transaction hash links when the server names no block explorer.
import { Link, useParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { PageSpinner } from '@/features/accounts';
import { shortHash } from '@/features/badges';
import {
  TransactionFactsError,
  TransactionFactsView,
  useTransactionFacts,
} from '@/features/custody';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const TRANSACTION_PAGE_TEXTS = {
  title: 'Transaction',
  notFound: 'Transaction not found',
  loading: 'Reading the transaction from the chain',
} as const;

export function TransactionRoute() {
  const { hash = '' } = useParams();
  const facts = useTransactionFacts(hash);
  const refused = facts.error instanceof TransactionFactsError && facts.error.status < 500;
  const title = refused ? TRANSACTION_PAGE_TEXTS.notFound : TRANSACTION_PAGE_TEXTS.title;
  useDocumentTitle(refused ? title : `${title} ${shortHash(hash)}`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 font-mono text-sm break-all text-slate-600">{hash}</p>
      {facts.isPending && <PageSpinner label={TRANSACTION_PAGE_TEXTS.loading} />}
      {facts.isError &&
        (refused ? (
          <div className="mt-6">
            <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-700">
              {facts.error.message}
            </p>
            <Link to="/" className={`${buttonStyles.outline} mt-6`}>
              Go to Home
            </Link>
          </div>
        ) : (
          <QueryError error={facts.error} onRetry={facts.refetch} isRetrying={facts.isFetching} />
        ))}
      {facts.data && <TransactionFactsView facts={facts.data} />}
    </div>
  );
}
