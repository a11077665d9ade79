import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  hashTypedData,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { forwardRequestTypes, permitTypes } from '@gets/contracts';
import { keccak256Hex } from './keccak.ts';
import { nativeAccount } from './native-account.ts';
import { flatStructDigest, typedDataDigest } from './typed-data-digest.ts';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const privateKey = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((k) => {
    const n = BigInt(bytesToHex(k));
    return n > 0n && n < SECP256K1_N;
  })
  .map((k) => Buffer.from(k));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToHex(b));
const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => bytesToHex(b));
const uint = (bits: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });
const domain = fc.record({
  name: fc.string(),
  version: fc.string(),
  chainId: fc.integer({ min: 1, max: 2 ** 40 }),
  verifyingContract: address,
});

const forwardRequest = fc.record({
  domain,
  message: fc.record({
    from: address,
    to: address,
    value: uint(256),
    gas: uint(256),
    nonce: uint(256),
    deadline: fc.integer({ min: 0, max: 2 ** 48 - 1 }),
    data: bytes,
  }),
});

describe('typedDataDigest', () => {
  it("equals viem's hashTypedData for any forward request and permit, on its own path", () => {
    fc.assert(
      fc.property(forwardRequest, ({ domain, message }) => {
        const typedData = {
          domain,
          types: forwardRequestTypes,
          primaryType: 'ForwardRequest' as const,
          message,
        };
        expect(flatStructDigest(typedData)).toBe(hashTypedData(typedData));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        domain,
        fc.record({
          owner: address,
          spender: address,
          value: uint(256),
          nonce: uint(256),
          deadline: uint(256),
        }),
        (domain, message) => {
          const typedData = { domain, types: permitTypes, primaryType: 'Permit' as const, message };
          expect(flatStructDigest(typedData)).toBe(hashTypedData(typedData));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves nested structs, and values it does not take as they are, to viem', () => {
    const mail = {
      domain: { name: 'Ether Mail', version: '1', chainId: 1 },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail' as const,
      message: {
        from: { name: 'Cow', wallet: `0x${'c'.repeat(40)}` as Hex },
        to: { name: 'Bob', wallet: `0x${'b'.repeat(40)}` as Hex },
        contents: 'Hello, Bob!',
      },
    };
    expect(flatStructDigest(mail)).toBeNull();
    expect(typedDataDigest(mail)).toBe(hashTypedData(mail));
    const tooLarge = {
      domain: { chainId: 1 },
      types: permitTypes,
      primaryType: 'Permit' as const,
      message: {
        owner: `0x${'1'.repeat(40)}` as Hex,
        spender: `0x${'2'.repeat(40)}` as Hex,
        value: 2n ** 256n,
        nonce: 0n,
        deadline: 0n,
      },
    };
    expect(flatStructDigest(tooLarge)).toBeNull();
    expect(() => typedDataDigest(tooLarge)).toThrow(/Number .* is not in safe 256-bit unsigned/);
  });
});

describe('nativeAccount', () => {
  it('signs transactions and typed data to the same bytes as viem, from the same address', async () => {
    await fc.assert(
      fc.asyncProperty(
        privateKey,
        fc.record({
          nonce: fc.integer({ min: 0, max: 2 ** 32 }),
          gas: uint(64),
          maxPriorityFeePerGas: uint(64),
          extraFee: uint(64),
          to: address,
          data: bytes,
        }),
        forwardRequest,
        async (key, tx, { domain, message }) => {
          const viemAccount = privateKeyToAccount(bytesToHex(key));
          const account = nativeAccount(key);
          expect(account.address).toBe(viemAccount.address);

          const transaction = {
            chainId: 137,
            type: 'eip1559' as const,
            to: tx.to,
            data: tx.data,
            gas: tx.gas,
            nonce: tx.nonce,
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
            maxFeePerGas: tx.maxPriorityFeePerGas + tx.extraFee,
          };
          const raw = await account.signTransaction(transaction);
          expect(raw).toBe(await viemAccount.signTransaction(transaction));
          expect(keccak256Hex(raw)).toBe(keccak256(raw));
          expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(
            viemAccount.address,
          );
          expect(parseTransaction(raw).nonce).toBe(tx.nonce);

          const typedData = {
            domain,
            types: forwardRequestTypes,
            primaryType: 'ForwardRequest' as const,
            message,
          };
          expect(await account.signTypedData(typedData)).toBe(
            await viemAccount.signTypedData(typedData),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
