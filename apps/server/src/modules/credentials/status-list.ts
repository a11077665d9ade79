// W3C Bitstring Status List v1.0: the revocation bits of many credentials in
// one gzip-compressed, base64url bitstring (multibase prefix "u"), published
// as a BitstringStatusListCredential signed like the credentials, in the form
// the verifier's Accept header asks for.
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

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/**
 * The media ranges of an Accept header (RFC 9110 12.5.1); parameters other than q are ignored:
 * a JSON-LD client's profile names the shape it wants, which the compacted JSON answers, and a
 * general negotiator (such as `negotiator`) would match no offer once a range has parameters.
 */
function mediaRangesOf(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  // Commas inside a quoted parameter (a JSON-LD profile URL) do not split ranges.
  for (const part of accept.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [range, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type, subtype] = (range ?? '').split('/');
    if (!type || !subtype) continue;
    const qParameter = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const q = qParameter ? Number(qParameter.replace(/^q\s*=\s*/, '')) : 1;
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** How closely a range names a media type: 2 by name, 1 by `type/*`, 0 by the any-type range; -1 not at all. */
function specificityOf(range: MediaRange, mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  if (range.type === '*' && range.subtype === '*') return 0;
  if (range.type !== type) return -1;
  if (range.subtype === '*') return 1;
  return range.subtype === subtype ? 2 : -1;
}

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
  const ranges = mediaRangesOf(accept ?? '');
  let best: {
    offer: (typeof STATUS_LIST_MEDIA_TYPES)[number];
    q: number;
    specificity: number;
  } | null = null;
  for (const offer of STATUS_LIST_MEDIA_TYPES) {
    // The most specific range that matches the offer decides its q.
    let match: { q: number; specificity: number } | null = null;
    for (const range of ranges) {
      const specificity = specificityOf(range, offer.mediaType);
      if (specificity >= 0 && (!match || specificity > match.specificity)) {
        match = { q: range.q, specificity };
      }
    }
    if (!match || match.q === 0) continue;
    if (!best || match.q > best.q || (match.q === best.q && match.specificity > best.specificity)) {
      best = { offer, ...match };
    }
  }
  const chosen = best?.offer ?? STATUS_LIST_MEDIA_TYPES[0]!;
  return { form: chosen.form, mediaType: chosen.mediaType };
}
