// The keystore file is made off the event loop, and opens to the same wallet.
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { KEYSTORE_SCRYPT, encryptKeystoreV3 } from './keystore-v3.ts';

describe('encryptKeystoreV3', () => {
  it('encrypts with standard scrypt while timers keep running, and opens with ethers', async () => {
    const key = randomBytes(32);
    const address = privateKeyToAddress(`0x${key.toString('hex')}`);
    let worstGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGapMs = Math.max(worstGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const keystore = await encryptKeystoreV3(key, 'a long passphrase of mine');
    const tookMs = performance.now() - started;
    clearInterval(timer);
    // scrypt alone holds a thread for about half a second; the loop never waited that long.
    expect(worstGapMs).toBeLessThan(Math.max(150, tookMs / 2));
    expect(keystore).toMatchObject({
      version: 3,
      address: address.slice(2).toLowerCase(),
      crypto: { kdf: 'scrypt', kdfparams: { n: KEYSTORE_SCRYPT.n, r: 8, p: 1, dklen: 32 } },
    });
    expect(JSON.stringify(keystore)).not.toContain(key.toString('hex'));
    expect(key.toString('hex')).not.toBe('0'.repeat(64)); // the caller's buffer is the caller's to zero
    const opened = await Wallet.fromEncryptedJson(
      JSON.stringify(keystore),
      'a long passphrase of mine',
    );
    expect(opened.address).toBe(address);
    expect(opened.privateKey).toBe(`0x${key.toString('hex')}`);
  });
});
