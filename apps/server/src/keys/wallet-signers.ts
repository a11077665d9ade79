// What signing for custodial wallets looks like to whoever signs (the relay
// pipeline): custody's Keystore provides it, and hands nothing else of itself.
import type { LocalAccount } from 'viem/accounts';
import type { Queryable } from '../db/database.ts';

export interface WalletSigners {
  /**
   * One signer for each address, opened together (one query) for a batch of
   * signatures. A key that cannot be opened fails only its own address:
   * `signerOf` throws a WalletKeyError for it, the others sign.
   */
  withSigners<T>(
    db: Queryable,
    addresses: string[],
    fn: (signerOf: (address: string) => LocalAccount) => Promise<T>,
  ): Promise<T>;
  withSigner<T>(
    db: Queryable,
    address: string,
    fn: (account: LocalAccount) => Promise<T>,
  ): Promise<T>;
}

/** A wallet's key could not be opened (no key, an absent KEK, a damaged seal): that wallet's problem alone. */
export class WalletKeyError extends Error {
  constructor(
    readonly address: string,
    message: string,
  ) {
    super(message);
    this.name = 'WalletKeyError';
  }
}
