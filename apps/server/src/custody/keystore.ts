// The platform's custodial wallets: creates one key per user or admin, and
// lends a signer for the moment of signing. Plaintext keys live only inside
// withSigner and are zeroed after it (the signer keeps a hex copy for that
// moment, which JavaScript cannot wipe; it is dropped right after).
import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import {
  privateKeyToAccount,
  signMessage,
  signTransaction,
  signTypedData,
  toAccount,
  type LocalAccount,
} from 'viem/accounts';
import type { Queryable } from '../db/database.ts';
import { openPrivateKey, sealPrivateKey, KEY_BYTES } from './envelope.ts';
import type { KeyEncryptionKeys } from './key-encryption-keys.ts';
import {
  findKeyByOwner,
  findKeysByAddresses,
  insertKey,
  type OwnerKind,
} from './key-repository.ts';

export interface Keystore {
  createWallet(db: Queryable, owner: { kind: OwnerKind; id: string }): Promise<`0x${string}`>;
  walletOf(db: Queryable, owner: { kind: OwnerKind; id: string }): Promise<`0x${string}` | null>;
  /** One signer for each address, opened together (one query) for a batch of signatures. */
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

/** secp256k1 group order: a valid private key is in [1, n-1]. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function randomPrivateKey(): Buffer {
  for (;;) {
    const candidate = randomBytes(KEY_BYTES);
    const value = BigInt(`0x${candidate.toString('hex')}`);
    if (value > 0n && value < SECP256K1_N) return candidate;
  }
}

/**
 * `loadKeks` is called once at creation and again when a stored key names a
 * KEK this process does not hold: a rotation by another process re-wrapped it.
 */
export async function createKeystore(
  loadKeks: () => Promise<KeyEncryptionKeys>,
): Promise<Keystore> {
  let keks = await loadKeks();
  const keystore: Keystore = {
    async createWallet(db, owner) {
      const privateKey = randomPrivateKey();
      try {
        const { address } = privateKeyToAccount(`0x${privateKey.toString('hex')}`);
        const sealed = sealPrivateKey(keks.current, privateKey, address);
        await insertKey(db, { address, ownerKind: owner.kind, ownerId: owner.id, ...sealed });
        return address;
      } finally {
        privateKey.fill(0);
      }
    },

    async walletOf(db, owner) {
      return (await findKeyByOwner(db, owner.kind, owner.id))?.address ?? null;
    },

    async withSigners(db, addresses, fn) {
      const stored = await findKeysByAddresses(db, addresses);
      if (stored.some((key) => !keks.all.has(key.kekId))) keks = await loadKeks();
      const plaintexts: Buffer[] = [];
      try {
        const signers = new Map<string, LocalAccount>();
        for (const key of stored) {
          const privateKey = openPrivateKey(keks.all, key, key.address);
          plaintexts.push(privateKey);
          signers.set(
            key.address.toLowerCase(),
            signerFor(key.address, `0x${privateKey.toString('hex')}`),
          );
        }
        return await fn((address) => {
          const signer = signers.get(address.toLowerCase());
          if (!signer) throw new Error(`no custodial key for ${address}`);
          return signer;
        });
      } finally {
        for (const privateKey of plaintexts) privateKey.fill(0);
      }
    },

    withSigner(db, address, fn) {
      return keystore.withSigners(db, [address], (signerOf) => fn(signerOf(address)));
    },
  };
  return keystore;
}

/**
 * A signer for a stored key. The address comes from the row: the sealed key
 * only opens under that address (associated data), so deriving the address
 * again (a costly curve multiplication per signature) would add nothing.
 */
function signerFor(address: `0x${string}`, privateKey: Hex): LocalAccount {
  return toAccount({
    address,
    signMessage: ({ message }) => signMessage({ message, privateKey }),
    signTransaction: (transaction, options) =>
      signTransaction({ transaction, privateKey, serializer: options?.serializer }),
    signTypedData: (typedData) => signTypedData({ ...typedData, privateKey }),
  });
}
