// Keccak-256 in native code (the keccak package, prebuilt like secp256k1):
// viem hashes with JavaScript, which on a relay batch's 60 KB transaction is
// about 25 times slower, and twice as slow on the small hashes of EIP-712.
import createKeccakHash from 'keccak';
import { bytesToHex, hexToBytes, type Hex } from 'viem';

export function keccak256Bytes(data: Uint8Array | Hex): Buffer {
  const bytes = typeof data === 'string' ? hexToBytes(data) : data;
  return createKeccakHash('keccak256')
    .update(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    .digest();
}

export const keccak256Hex = (data: Uint8Array | Hex): Hex => bytesToHex(keccak256Bytes(data));
