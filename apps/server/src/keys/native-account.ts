// A viem account whose signatures are made in native code: libsecp256k1 for
// the curve and native keccak for the hashes (see keccak.ts and
// typed-data-digest.ts). Custodial wallets sign one EIP-712 request per user
// action; relayers sign one transaction per batch of up to a block's worth.
// The bytes are the same as viem's own accounts give (RFC 6979 nonces).
import {
  serializeTransaction,
  type Hex,
  type LocalAccount,
  type SerializeTransactionFn,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAddress, signMessage, toAccount } from 'viem/accounts';
import { keccak256Bytes } from './keccak.ts';
import { signDigest, signDigestParts } from './sign-digest.ts';
import { typedDataDigest } from './typed-data-digest.ts';

/**
 * `key` is used in place, not copied: a caller that zeroes it after use (the
 * keystore does) leaves no copy behind. `address` saves deriving it again
 * (a curve multiplication) where the caller already knows it.
 */
export function nativeAccount(key: Buffer, address?: `0x${string}`): LocalAccount {
  const hexKey = (): Hex => `0x${key.toString('hex')}`;
  return toAccount({
    address: address ?? privateKeyToAddress(hexKey()),
    signMessage: ({ message }) => signMessage({ message, privateKey: hexKey() }),
    async signTransaction(transaction, options) {
      const serializer = (options?.serializer ??
        serializeTransaction) as SerializeTransactionFn<TransactionSerializable>;
      // As viem signs: a blob transaction's signature covers it without its sidecars.
      const signable =
        transaction.type === 'eip4844' ? { ...transaction, sidecars: false } : transaction;
      const signature = signDigestParts(
        keccak256Bytes(await serializer(signable as TransactionSerializable)),
        key,
      );
      return serializer(transaction as TransactionSerializable, signature);
    },
    signTypedData: async (typedData) =>
      signDigest(typedDataDigest(typedData as TypedDataDefinition), key),
  });
}

/** A relayer's account from its configured key. */
export const nativeAccountFromHex = (privateKey: Hex): LocalAccount =>
  nativeAccount(Buffer.from(privateKey.slice(2), 'hex'));
