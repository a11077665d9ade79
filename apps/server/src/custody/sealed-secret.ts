// Secrets the platform must read back (an authenticator app's), sealed like
// the wallet keys: a random data key per secret under the key-encryption key,
// with a binding (whose secret it is) as associated data, so a sealed secret
// copied to another row does not open. Stored as one line of text:
// sealed:v1:<kek id>:<wrapped data key>:<sealed secret>, base64url.
import {
  openPrivateKey,
  rewrapDataKey,
  sealPrivateKey,
  type KeyEncryptionKey,
  type SealedKey,
} from './envelope.ts';

/** Every sealed secret's stored form starts so; text stored in the clear does not. */
export const SEALED_SECRET_PREFIX = 'sealed:v1:';

export const isSealedSecret = (stored: string) => stored.startsWith(SEALED_SECRET_PREFIX);

/** The stored form's prefix under one key-encryption key (to find those under another). */
export const sealedUnderPrefix = (kekId: string) => `${SEALED_SECRET_PREFIX}${kekId}:`;

function encode(sealed: SealedKey): string {
  return `${sealedUnderPrefix(sealed.kekId)}${sealed.wrappedDataKey.toString('base64url')}:${sealed.sealedPrivateKey.toString('base64url')}`;
}

function decode(stored: string): SealedKey {
  const [kekId, wrapped, body, ...rest] = stored.slice(SEALED_SECRET_PREFIX.length).split(':');
  if (!kekId || !wrapped || !body || rest.length > 0) throw new Error('a damaged sealed secret');
  return {
    kekId,
    wrappedDataKey: Buffer.from(wrapped, 'base64url'),
    sealedPrivateKey: Buffer.from(body, 'base64url'),
  };
}

export function sealSecret(kek: KeyEncryptionKey, secret: string, binding: string): string {
  const plaintext = Buffer.from(secret, 'utf8');
  try {
    return encode(sealPrivateKey(kek, plaintext, binding));
  } finally {
    plaintext.fill(0);
  }
}

/** Opens a sealed secret; throws when its key-encryption key is not held or the seal is damaged. */
export function openSecret(
  keks: Map<string, KeyEncryptionKey>,
  stored: string,
  binding: string,
): string {
  const plaintext = openPrivateKey(keks, decode(stored), binding);
  try {
    return plaintext.toString('utf8');
  } finally {
    plaintext.fill(0);
  }
}

/** The key-encryption key a stored secret is sealed under. */
export const kekOfSealedSecret = (stored: string) => decode(stored).kekId;

/** Re-seals the data key under `next`; the secret itself is never decrypted. */
export function rewrapSecret(
  keks: Map<string, KeyEncryptionKey>,
  stored: string,
  binding: string,
  next: KeyEncryptionKey,
): string {
  return encode(rewrapDataKey(keks, decode(stored), binding, next));
}
