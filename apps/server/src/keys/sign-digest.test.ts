import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashTypedData, recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { forwardRequestTypes } from '@gets/contracts';
import { signDigest } from './sign-digest.ts';

const typedData = (from: Hex, nonce: bigint) => ({
  domain: {
    name: 'GETS Forwarder',
    version: '1',
    chainId: 137,
    verifyingContract: `0x${'1'.repeat(40)}` as Hex,
  },
  types: forwardRequestTypes,
  primaryType: 'ForwardRequest' as const,
  message: {
    from,
    to: `0x${'2'.repeat(40)}` as Hex,
    value: 0n,
    gas: 100_000n,
    nonce,
    deadline: 1_900_000_000,
    data: '0xa9059cbb' as Hex,
  },
});

describe('signDigest', () => {
  it('gives the same signature bytes as viem for any key and request, and they recover the signer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => k.some((b) => b !== 0)),
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        async (key, nonce) => {
          const hex = `0x${Buffer.from(key).toString('hex')}` as Hex;
          let account;
          try {
            account = privateKeyToAccount(hex);
          } catch {
            return; // not a valid secp256k1 key (above the group order)
          }
          const data = typedData(account.address, nonce);
          const native = signDigest(hashTypedData(data), key);
          expect(native).toBe(await account.signTypedData(data));
          expect(await recoverTypedDataAddress({ ...data, signature: native })).toBe(
            account.address,
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});
