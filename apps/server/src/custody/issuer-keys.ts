// The platform's credential issuer keys, generated once at the first start and
// kept like the custodial wallet keys (sealed under the key-encryption key,
// plaintext only while signing). One active key per algorithm: RS256 (RSA,
// 2048 bits) signs the VC-JWTs, the algorithm Open Badges 3.0 section 8.2
// requires every verifier to accept; Ed25519 signs the embedded Data Integrity
// proofs (eddsa-rdfc-2022). Their public halves are published as JWKs.
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
  type IssuerKeyAlgorithm,
  type StoredIssuerKey,
} from './issuer-key-repository.ts';

export type { IssuerKeyAlgorithm } from './issuer-key-repository.ts';
export const ISSUER_KEY_ALGORITHMS: readonly IssuerKeyAlgorithm[] = ['RS256', 'EdDSA'];
/** OB 3.0 asks for 2048 bits or more. */
export const ISSUER_RSA_BITS = 2048;

export interface IssuerPublicKey {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  algorithm: IssuerKeyAlgorithm;
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

/**
 * The public JWK and the private bytes to seal: an Ed25519 key's 32-byte
 * seed, or an RSA key's PKCS#8 DER.
 */
function newKeyMaterial(algorithm: IssuerKeyAlgorithm): { publicJwk: JWK; secret: Buffer } {
  if (algorithm === 'RS256') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: ISSUER_RSA_BITS,
    });
    const { n, e } = publicKey.export({ format: 'jwk' });
    return {
      publicJwk: { kty: 'RSA', n: n!, e: e! },
      secret: privateKey.export({ format: 'der', type: 'pkcs8' }),
    };
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    publicJwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x! },
    secret: Buffer.from(jwk.d!, 'base64url'),
  };
}

/** A new issuer key: its public JWK and its private part, sealed under the KEK. */
export async function generateIssuerKey(
  kek: KeyEncryptionKey,
  algorithm: IssuerKeyAlgorithm = 'EdDSA',
): Promise<Omit<StoredIssuerKey, 'createdAt' | 'retiredAt'>> {
  const { publicJwk, secret } = newKeyMaterial(algorithm);
  try {
    const kid = await calculateJwkThumbprint(publicJwk);
    return {
      kid,
      algorithm,
      publicJwk,
      ...sealPrivateKey(kek, secret, issuerKeyBinding(kid)),
    };
  } finally {
    secret.fill(0);
  }
}

/** Creates the issuer keys on the first start (once, from any number of processes). */
export async function ensureIssuerKeys(
  db: Database,
  currentKek: () => KeyEncryptionKey,
): Promise<IssuerPublicKey[]> {
  const keys: IssuerPublicKey[] = [];
  for (const algorithm of ISSUER_KEY_ALGORITHMS) {
    const existing = await findActiveIssuerKey(db, algorithm);
    if (existing) {
      keys.push(toIssuerPublicKey(existing));
      continue;
    }
    keys.push(
      await db.transaction(async (tx) => {
        await holdAdvisoryLock(tx, 'issuerKey');
        const created = await findActiveIssuerKey(tx, algorithm);
        if (created) return toIssuerPublicKey(created);
        await insertIssuerKey(tx, await generateIssuerKey(currentKek(), algorithm));
        return toIssuerPublicKey((await findActiveIssuerKey(tx, algorithm))!);
      }),
    );
  }
  return keys;
}

/** Opens the sealed key into a signing key; throws when no configured KEK opens it. */
export function openIssuerKey(
  keks: Map<string, KeyEncryptionKey>,
  stored: StoredIssuerKey,
): IssuerSigningKey {
  const secret = openPrivateKey(keks, stored, issuerKeyBinding(stored.kid));
  try {
    const privateKey =
      stored.algorithm === 'RS256'
        ? createPrivateKey({ key: secret, format: 'der', type: 'pkcs8' })
        : createPrivateKey({
            format: 'jwk',
            key: { ...stored.publicJwk, d: secret.toString('base64url') } as JsonWebKey,
          });
    return { ...toIssuerPublicKey(stored), privateKey };
  } finally {
    secret.fill(0);
  }
}
