// W3C Bitstring Status List v1.0: the revocation bits of many credentials in
// one gzip-compressed, base64url bitstring (multibase prefix "u"), published
// as a BitstringStatusListCredential signed like the credentials.
import { Bitstring } from '@digitalbazaar/bitstring';
import { VC_V2_CONTEXT } from './open-badge-credential.ts';
import { wholeSecondDateTime } from './vc-jwt.ts';

/** The specification's minimum size (16 KB of bits), so one list hides who is who. */
export const STATUS_LIST_SIZE = 131_072;
const MULTIBASE_BASE64URL = 'u';

/** The encodedList of a list of `size` bits with the given indexes set. */
export async function encodeStatusList(
  size: number,
  setIndexes: Iterable<number>,
): Promise<string> {
  const bits = new Bitstring({ length: size });
  for (const index of setIndexes) bits.set(index, true);
  return `${MULTIBASE_BASE64URL}${await bits.encodeBits()}`;
}

/** Whether the bit at `index` is set in an encodedList; throws when the list cannot be read. */
export async function statusBitOf(encodedList: string, index: number): Promise<boolean> {
  if (!encodedList.startsWith(MULTIBASE_BASE64URL)) {
    throw new Error('the encodedList is not multibase base64url');
  }
  const buffer = await Bitstring.decodeBits({ encoded: encodedList.slice(1) });
  return new Bitstring({ buffer }).get(index);
}

export interface StatusListCredential {
  '@context': string[];
  id: string;
  type: string[];
  /** The issuer's id (its Profile URL): the list's context defines no Profile type. */
  issuer: string;
  validFrom: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: 'revocation';
    encodedList: string;
  };
}

export function buildStatusListCredential(options: {
  url: string;
  issuer: string;
  /** When a bit last changed. */
  validFrom: Date;
  encodedList: string;
}): StatusListCredential {
  return {
    '@context': [VC_V2_CONTEXT],
    id: options.url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: options.issuer,
    validFrom: wholeSecondDateTime(options.validFrom),
    credentialSubject: {
      id: `${options.url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: options.encodedList,
    },
  };
}
