// The built-in transaction page's call: public, since it shows only what the
// chain shows anyone, and only of the platform's own transactions (one that
// calls none of its contracts is answered 404, so the API is no free proxy
// to the operator's chain node).
import type { Hex } from 'viem';
import { TRANSACTION_FACTS_MESSAGES, type TransactionFacts } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { readTransactionFacts } from '../../chain/transaction-facts.ts';

export async function transactionFactsOf(
  ctx: Pick<AppContext, 'chain' | 'contracts' | 'relayerAddresses'>,
  hash: string,
): Promise<TransactionFacts> {
  const found = await readTransactionFacts(ctx, hash.toLowerCase() as Hex);
  if (found.kind === 'missing') throw new AppError(404, TRANSACTION_FACTS_MESSAGES.notFound);
  if (found.kind === 'foreign') throw new AppError(404, TRANSACTION_FACTS_MESSAGES.notPlatform);
  return found.facts;
}
