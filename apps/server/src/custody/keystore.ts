// The platform's custodial wallets: creates one key per user or admin, and
// lends a signer for the moment of signing. Plaintext keys live only inside
// withSigner and are zeroed after it (signing a message or a transaction makes
// a hex copy, which JavaScript cannot wipe; it is dropped right after).
import { randomBytes } from 'node:crypto';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { nativeAccount } from '../keys/native-account.ts';
import { WalletKeyError, type WalletSigners } from '../keys/wallet-signers.ts';
import type { Database, Queryable } from '../db/database.ts';
import { openPrivateKey, sealPrivateKey, KEY_BYTES } from './envelope.ts';
import type { KeyEncryptionKeys } from './key-encryption-keys.ts';
import {
  countKeysByKek,
  findKeyByOwner,
  findKeysByAddresses,
  insertKey,
  type OwnerKind,
} from './key-repository.ts';
import { findActiveIssuerKey } from './issuer-key-repository.ts';
import { isSealedSecret, kekOfSealedSecret, openSecret, sealSecret } from './sealed-secret.ts';
import {
  ensureIssuerKeys,
  openIssuerKey,
  type IssuerKeyAlgorithm,
  type IssuerPublicKey,
  type IssuerSigningKey,
} from './issuer-keys.ts';

export interface Keystore extends WalletSigners {
  createWallet(db: Queryable, owner: { kind: OwnerKind; id: string }): Promise<`0x${string}`>;
  walletOf(db: Queryable, owner: { kind: OwnerKind; id: string }): Promise<`0x${string}` | null>;
  /**
   * The key-encryption keys that seal stored keys (wallet keys and the
   * credential issuer key) but that this keystore does not hold.
   */
  missingKeks(db: Queryable): Promise<{ kekId: string; keys: number }[]>;
  /** The credential issuer keys (RS256 and Ed25519), created at the first start that asks. */
  ensureIssuerKeys(db: Database): Promise<IssuerPublicKey[]>;
  /**
   * Lends the active issuer key of an algorithm for the signatures `fn` makes:
   * RS256 (the default) for VC-JWTs and status lists, EdDSA for Data Integrity proofs.
   */
  withIssuerKey<T>(
    db: Queryable,
    fn: (key: IssuerSigningKey) => Promise<T>,
    algorithm?: IssuerKeyAlgorithm,
  ): Promise<T>;
  /**
   * Seals a secret the platform must read back (an authenticator app's) under
   * the current key-encryption key, bound to `binding` (whose it is).
   */
  sealSecret(secret: string, binding: string): string;
  /**
   * Opens what sealSecret gave, under the same binding. Text stored before
   * secrets were sealed is answered as it is (the start seals it).
   */
  openSecret(stored: string, binding: string): Promise<string>;
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
        const signers = new Map<string, LocalAccount | WalletKeyError>();
        for (const key of stored) {
          const lower = key.address.toLowerCase();
          if (!keks.all.has(key.kekId)) {
            signers.set(
              lower,
              new WalletKeyError(
                key.address,
                `The wallet key is sealed under key-encryption key ${key.kekId}, which this server does not hold`,
              ),
            );
            continue;
          }
          try {
            const privateKey = openPrivateKey(keks.all, key, key.address);
            plaintexts.push(privateKey);
            // The address comes from the row: the sealed key only opens under
            // that address (associated data), so deriving it again (a curve
            // multiplication per signature) would add nothing.
            signers.set(lower, nativeAccount(privateKey, key.address));
          } catch {
            signers.set(
              lower,
              new WalletKeyError(key.address, 'The wallet key could not be opened (damaged seal)'),
            );
          }
        }
        return await fn((address) => {
          const signer = signers.get(address.toLowerCase());
          if (!signer) throw new WalletKeyError(address, 'This wallet has no custodial key');
          if (signer instanceof WalletKeyError) throw signer;
          return signer;
        });
      } finally {
        for (const privateKey of plaintexts) privateKey.fill(0);
      }
    },

    withSigner(db, address, fn) {
      return keystore.withSigners(db, [address], (signerOf) => fn(signerOf(address)));
    },

    async missingKeks(db) {
      const used = Object.entries(await countKeysByKek(db));
      if (used.some(([kekId]) => !keks.all.has(kekId))) keks = await loadKeks();
      return used
        .filter(([kekId]) => !keks.all.has(kekId))
        .map(([kekId, keys]) => ({ kekId, keys }));
    },

    ensureIssuerKeys(db) {
      return ensureIssuerKeys(db, () => keks.current);
    },

    async withIssuerKey(db, fn, algorithm = 'RS256') {
      const stored = await findActiveIssuerKey(db, algorithm);
      if (!stored)
        throw new Error(`the ${algorithm} issuer key does not exist yet (ensureIssuerKeys)`);
      if (!keks.all.has(stored.kekId)) keks = await loadKeks();
      return fn(openIssuerKey(keks.all, stored));
    },

    sealSecret(secret, binding) {
      return sealSecret(keks.current, secret, binding);
    },

    async openSecret(stored, binding) {
      if (!isSealedSecret(stored)) return stored;
      if (!keks.all.has(kekOfSealedSecret(stored))) keks = await loadKeks();
      return openSecret(keks.all, stored, binding);
    },
  };
  return keystore;
}
