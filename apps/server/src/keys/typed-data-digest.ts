// EIP-712 digests as the pipeline needs them: one per forward request and
// permit, always of the same flat struct under the same domain. The domain
// separator and the type hash are computed once (by viem) and kept; each
// digest is then the struct's fields, 32 bytes each, and three native keccaks.
// A struct with nested or array fields, or a value this path does not take as
// it is, goes to viem's hashTypedData, which also says what is wrong with it.
import {
  domainSeparator,
  hashTypedData,
  hexToBytes,
  isHex,
  type Hex,
  type TypedDataDefinition,
  type TypedDataDomain,
} from 'viem';
import { keccak256Bytes } from './keccak.ts';

type Field = { name: string; type: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^uint(\d{1,3})?$/;
const FIXED_BYTES = /^bytes(\d{1,2})$/;

const domainSeparators = new Map<string, Buffer>();
const typeHashes = new Map<string, Buffer>();

/** Bounded like the domains and types a process uses: a handful. */
const MEMO_LIMIT = 64;

function memo(map: Map<string, Buffer>, key: string, compute: () => Buffer): Buffer {
  let value = map.get(key);
  if (!value) {
    value = compute();
    if (map.size >= MEMO_LIMIT) map.clear();
    map.set(key, value);
  }
  return value;
}

const domainKey = (domain: TypedDataDomain) =>
  JSON.stringify(domain, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

/** One field as EIP-712 encodes it into its 32-byte word, or null to leave the struct to viem. */
function encodeField(field: Field, value: unknown): Uint8Array | null {
  const word = new Uint8Array(32);
  if (field.type === 'address') {
    if (typeof value !== 'string' || !ADDRESS.test(value)) return null;
    word.set(hexToBytes(value as Hex), 12);
    return word;
  }
  if (field.type === 'bool') {
    if (typeof value !== 'boolean') return null;
    word[31] = value ? 1 : 0;
    return word;
  }
  if (field.type === 'bytes') {
    return typeof value === 'string' && isHex(value, { strict: true }) && value.length % 2 === 0
      ? keccak256Bytes(value)
      : null;
  }
  if (field.type === 'string') {
    return typeof value === 'string' ? keccak256Bytes(new TextEncoder().encode(value)) : null;
  }
  const uint = UINT.exec(field.type);
  if (uint) {
    const bits = Number(uint[1] ?? 256);
    if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) {
      return null;
    }
    const n = BigInt(value);
    if (bits % 8 !== 0 || bits < 8 || bits > 256 || n < 0n || n >= 1n << BigInt(bits)) return null;
    word.set(hexToBytes(`0x${n.toString(16).padStart(64, '0')}`));
    return word;
  }
  const fixed = FIXED_BYTES.exec(field.type);
  if (fixed) {
    const size = Number(fixed[1]);
    if (typeof value !== 'string' || !isHex(value, { strict: true })) return null;
    if (size < 1 || size > 32 || value.length !== 2 + 2 * size) return null;
    word.set(hexToBytes(value as Hex));
    return word;
  }
  return null; // a nested struct, an array, a signed integer: viem's
}

export const typedDataDigest = (typedData: TypedDataDefinition): Hex =>
  flatStructDigest(typedData) ?? hashTypedData(typedData);

/** The digest of a flat struct with values as they should be, or null: viem's case. */
export function flatStructDigest(typedData: TypedDataDefinition): Hex | null {
  const {
    domain = {},
    primaryType,
    message,
  } = typedData as {
    domain?: TypedDataDomain;
    primaryType: string;
    message: Record<string, unknown>;
  };
  const fields = (typedData.types as Record<string, readonly Field[] | undefined>)[primaryType];
  if (!fields || primaryType === 'EIP712Domain') return null;

  const encoded = Buffer.alloc(32 * (fields.length + 1));
  for (const [index, field] of fields.entries()) {
    const word = encodeField(field, message[field.name]);
    if (!word) return null;
    encoded.set(word, 32 * (index + 1));
  }
  const typeString = `${primaryType}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`;
  encoded.set(
    memo(typeHashes, typeString, () => keccak256Bytes(new TextEncoder().encode(typeString))),
  );
  const separator = memo(domainSeparators, domainKey(domain), () =>
    Buffer.from(hexToBytes(domainSeparator({ domain }))),
  );
  const digest = keccak256Bytes(
    Buffer.concat([Buffer.from([0x19, 0x01]), separator, keccak256Bytes(encoded)]),
  );
  return `0x${digest.toString('hex')}`;
}
