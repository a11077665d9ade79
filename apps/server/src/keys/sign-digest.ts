// Signs 32-byte digests with libsecp256k1 (the native library Bitcoin Core
// and geth use; prebuilt in its npm package), several times faster than the
// JavaScript curve: the pipeline signs one EIP-712 request per user action.
// Deterministic (RFC 6979) and low-s, so the bytes are the same as viem's.
import secp256k1 from 'secp256k1';
import { bytesToHex, hexToBytes, serializeSignature, type Hex, type Signature } from 'viem';

export function signDigestParts(digest: Hex | Uint8Array, privateKey: Uint8Array): Signature {
  const bytes = typeof digest === 'string' ? hexToBytes(digest) : digest;
  const { signature, recid } = secp256k1.ecdsaSign(bytes, privateKey);
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    yParity: recid,
  };
}

export function signDigest(digest: Hex | Uint8Array, privateKey: Uint8Array): Hex {
  return serializeSignature(signDigestParts(digest, privateKey));
}
