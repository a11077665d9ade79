// The chain proof of a claim, read from what a claim action's onCompleted
// effect is given (its transaction row and its decoded events), so wiring a
// claimed award to issueCredential needs nothing from outside the effect.
import { getAddress, isAddressEqual, zeroAddress } from 'viem';
import type { DecodedEvent } from '../../chain/events.ts';
import type { ChainTransaction } from '../../chain/pipeline/chain-transaction.ts';
import type { Queryable } from '../../db/database.ts';
import type { AwardFacts } from './award-facts.ts';
import { findSettledTransaction } from './credential-repository.ts';

/**
 * The claim's chain id and transaction hash (as the pipeline recorded them in
 * this database transaction) and its minted badge token: BadgeClaimed gives
 * the token id, the BadgeToken Transfer from the zero address gives its
 * contract. Throws when the events are not those of a claim.
 */
export async function claimChainProof(
  tx: Queryable,
  transaction: Pick<ChainTransaction, 'id'>,
  events: DecodedEvent[],
): Promise<AwardFacts['chainProof']> {
  const settled = await findSettledTransaction(tx, transaction.id);
  if (!settled?.transactionHash) {
    throw new Error(`transaction ${transaction.id} has no mined hash yet`);
  }
  const claimed = events.find((event) => event.eventName === 'BadgeClaimed');
  const tokenId = claimed?.args.tokenId;
  const mint = events.find(
    (event) =>
      event.eventName === 'Transfer' &&
      event.args.tokenId === tokenId &&
      typeof event.args.from === 'string' &&
      isAddressEqual(event.args.from as `0x${string}`, zeroAddress),
  );
  if (typeof tokenId !== 'string' || !mint) {
    throw new Error(`transaction ${transaction.id} minted no badge token`);
  }
  return {
    chainId: settled.chainId,
    transactionHash: settled.transactionHash,
    tokenContract: getAddress(mint.address),
    tokenId,
  };
}
