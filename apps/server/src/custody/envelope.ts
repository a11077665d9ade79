// Envelope encryption of custodial private keys. Each key is sealed with its
// own random data key (AES-256-GCM); the data key is sealed with the
// key-encryption key (KEK). The wallet address (for the credential issuer key,
// its `issuer-key:<kid>` binding) is the associated data of both, so a sealed
// key moved to another row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export interface KeyEncryptionKey {
  /** Short fingerprint stored with each wrapped data key, to find the KEK that opens it. */
  id: string;
  key: Buffer;
}

export function keyEncryptionKey(key: Buffer): KeyEncryptionKey {
  if (key.length !== KEY_BYTES) throw new Error(`a key-encryption key must be ${KEY_BYTES} bytes`);
  const id = createHash('sha256').update('gets-kek-id:').update(key).digest('hex').slice(0, 16);
  return { id, key };
}

export interface SealedKey {
  kekId: string;
  wrappedDataKey: Buffer;
  sealedPrivateKey: Buffer;
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const body = sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

const aadOf = (address: string) => Buffer.from(address.toLowerCase(), 'utf8');

export function sealPrivateKey(
  kek: KeyEncryptionKey,
  privateKey: Buffer,
  address: string,
): SealedKey {
  const dataKey = randomBytes(KEY_BYTES);
  try {
    return {
      kekId: kek.id,
      wrappedDataKey: seal(kek.key, dataKey, aadOf(address)),
      sealedPrivateKey: seal(dataKey, privateKey, aadOf(address)),
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Opens a sealed key; the caller zeroes the returned buffer when done. */
export function openPrivateKey(
  keks: Map<string, KeyEncryptionKey>,
  sealed: SealedKey,
  address: string,
): Buffer {
  const kek = keks.get(sealed.kekId);
  if (!kek)
    throw new Error(`no key-encryption key ${sealed.kekId} is configured to open ${address}`);
  const dataKey = open(kek.key, sealed.wrappedDataKey, aadOf(address));
  try {
    return open(dataKey, sealed.sealedPrivateKey, aadOf(address));
  } finally {
    dataKey.fill(0);
  }
}

/** Re-seals the data key under another KEK; the private key itself is never decrypted. */
export function rewrapDataKey(
  keks: Map<string, KeyEncryptionKey>,
  sealed: SealedKey,
  address: string,
  next: KeyEncryptionKey,
): SealedKey {
  const current = keks.get(sealed.kekId);
  if (!current)
    throw new Error(`no key-encryption key ${sealed.kekId} is configured to open ${address}`);
  const dataKey = open(current.key, sealed.wrappedDataKey, aadOf(address));
  try {
    return {
      kekId: next.id,
      wrappedDataKey: seal(next.key, dataKey, aadOf(address)),
      sealedPrivateKey: sealed.sealedPrivateKey,
    };
  } finally {
    dataKey.fill(0);
  }
}
