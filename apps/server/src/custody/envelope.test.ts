import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyEncryptionKey, openPrivateKey, rewrapDataKey, sealPrivateKey } from './envelope.ts';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('envelope encryption', () => {
  const kek = keyEncryptionKey(randomBytes(32));
  const keks = new Map([[kek.id, kek]]);
  const privateKey = randomBytes(32);

  it('opens what it sealed, and the sealed bytes do not contain the key', () => {
    const sealed = sealPrivateKey(kek, privateKey, address);
    expect(sealed.sealedPrivateKey.includes(privateKey)).toBe(false);
    expect(openPrivateKey(keks, sealed, address).equals(privateKey)).toBe(true);
  });

  it('refuses to open a key under another address (the address is bound as associated data)', () => {
    const sealed = sealPrivateKey(kek, privateKey, address);
    expect(() =>
      openPrivateKey(keks, sealed, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
    ).toThrow();
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = sealPrivateKey(kek, privateKey, address);
    sealed.sealedPrivateKey[20]! ^= 1;
    expect(() => openPrivateKey(keks, sealed, address)).toThrow();
  });

  it('re-wraps under a new KEK without touching the sealed key, and the old KEK no longer opens it', () => {
    const sealed = sealPrivateKey(kek, privateKey, address);
    const next = keyEncryptionKey(randomBytes(32));
    const rewrapped = rewrapDataKey(keks, sealed, address, next);
    expect(rewrapped.kekId).toBe(next.id);
    expect(rewrapped.sealedPrivateKey.equals(sealed.sealedPrivateKey)).toBe(true);
    expect(openPrivateKey(new Map([[next.id, next]]), rewrapped, address).equals(privateKey)).toBe(
      true,
    );
    expect(() => openPrivateKey(keks, rewrapped, address)).toThrow(/no key-encryption key/);
  });

  it('rejects a KEK of the wrong size', () => {
    expect(() => keyEncryptionKey(randomBytes(16))).toThrow(/32 bytes/);
  });
});
