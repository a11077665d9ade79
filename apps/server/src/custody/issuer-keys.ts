// The platform's credential issuer key: an Ed25519 key generated once, at the
// first start, and kept like the custodial wallet keys (sealed under the
// key-encryption key, plaintext only while signing). Open Badges credentials
// are signed with it; its public half is published as a JWK.
import {
  createPrivateKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { holdAdvisoryLock, type Database } from '../db/database.ts';
import { openPrivateKey, sealPrivateKey, type KeyEncryptionKey } from './envelope.ts';
import {
  findActiveIssuerKey,
  insertIssuerKey,
  type StoredIssuerKey,
} from './issuer-key-repository.ts';

export interface IssuerPublicKey {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  algorithm: 'EdDSA';
  publicJwk: JWK;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface IssuerSigningKey extends IssuerPublicKey {
  privateKey: KeyObject;
}

/** What the sealed key is bound to (the envelope's associated data), like a wallet's address. */
export const issuerKeyBinding = (kid: string) => `issuer-key:${kid}`;

export const toIssuerPublicKey = (stored: StoredIssuerKey): IssuerPublicKey => ({
  kid: stored.kid,
  algorithm: stored.algorithm,
  publicJwk: stored.publicJwk,
  createdAt: stored.createdAt,
  retiredAt: stored.retiredAt,
});

/** A new Ed25519 key: its public JWK and its 32-byte seed, sealed under the KEK. */
export async function generateIssuerKey(
  kek: KeyEncryptionKey,
): Promise<Omit<StoredIssuerKey, 'createdAt' | 'retiredAt'>> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  try {
    const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x! };
    const kid = await calculateJwkThumbprint(publicJwk);
    return {
      kid,
      algorithm: 'EdDSA',
      publicJwk,
      ...sealPrivateKey(kek, seed, issuerKeyBinding(kid)),
    };
  } finally {
    seed.fill(0);
  }
}

/** Creates the issuer key on the first start (once, from any number of processes). */
export async function ensureIssuerKey(
  db: Database,
  currentKek: () => KeyEncryptionKey,
): Promise<IssuerPublicKey> {
  const existing = await findActiveIssuerKey(db);
  if (existing) return toIssuerPublicKey(existing);
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'issuerKey');
    const created = await findActiveIssuerKey(tx);
    if (created) return toIssuerPublicKey(created);
    const key = await generateIssuerKey(currentKek());
    await insertIssuerKey(tx, key);
    return toIssuerPublicKey((await findActiveIssuerKey(tx))!);
  });
}

/** Opens the sealed key into a signing key; throws when no configured KEK opens it. */
export function openIssuerKey(
  keks: Map<string, KeyEncryptionKey>,
  stored: StoredIssuerKey,
): IssuerSigningKey {
  const seed = openPrivateKey(keks, stored, issuerKeyBinding(stored.kid));
  try {
    const privateKey = createPrivateKey({
      format: 'jwk',
      key: { ...stored.publicJwk, d: seed.toString('base64url') } as JsonWebKey,
    });
    return { ...toIssuerPublicKey(stored), privateKey };
  } finally {
    seed.fill(0);
  }
}
