// W3C Bitstring Status List v1.0: the revocation bits of many credentials in
// one gzip-compressed, base64url bitstring (multibase prefix "u"), published
// as a BitstringStatusListCredential signed like the credentials, in the form
// the verifier's Accept header asks for.
import { Bitstring } from '@digitalbazaar/bitstring';
import { acceptanceOf } from '../../http/accept-header.ts';
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

/**
 * The two forms of a list at its one URL (the URL issued credentials name):
 * the VC-JWT (RS256) for JOSE verifiers, and the JSON credential with an
 * embedded eddsa-rdfc-2022 proof for JSON-LD verifiers, which parse the body
 * as JSON.
 */
export type StatusListForm = 'vc+jwt' | 'data-integrity';

/**
 * The media types a list is served as. Their order settles a tie: the VC-JWT
 * first, since the URL answered only it before: a client that names no type
 * of ours (only a wildcard, no Accept, nothing we serve) still gets it.
 */
const STATUS_LIST_MEDIA_TYPES: readonly { mediaType: string; form: StatusListForm }[] = [
  { mediaType: 'application/vc+jwt', form: 'vc+jwt' },
  { mediaType: 'application/jwt', form: 'vc+jwt' },
  { mediaType: 'application/vc', form: 'data-integrity' },
  // The VC 2.0 drafts' name of application/vc, which older verifiers still send.
  { mediaType: 'application/vc+ld+json', form: 'data-integrity' },
  { mediaType: 'application/ld+json', form: 'data-integrity' },
  { mediaType: 'application/json', form: 'data-integrity' },
];

/**
 * The form and media type to answer a request for a list with. The best q
 * wins; at equal q a type the client named beats one it took only through a
 * wildcard (so "application/json" followed by any-type is JSON: the client
 * named JSON); then the order above. No Accept, or one naming nothing we serve,
 * gets the VC-JWT, as every fetch did before the JSON form existed.
 */
export function negotiateStatusListForm(accept: string | undefined): {
  form: StatusListForm;
  mediaType: string;
} {
  let best: {
    offer: (typeof STATUS_LIST_MEDIA_TYPES)[number];
    quality: number;
    specificity: number;
  } | null = null;
  for (const offer of STATUS_LIST_MEDIA_TYPES) {
    const { quality, specificity } = acceptanceOf(accept, offer.mediaType);
    if (quality === 0) continue;
    if (
      !best ||
      quality > best.quality ||
      (quality === best.quality && specificity > best.specificity)
    ) {
      best = { offer, quality, specificity };
    }
  }
  const chosen = best?.offer ?? STATUS_LIST_MEDIA_TYPES[0]!;
  return { form: chosen.form, mediaType: chosen.mediaType };
}
