// What an Accept header (RFC 9110 section 12.5.1) says of a media type. Both
// the web app's fallback (a page load or a program's call?) and the status
// list (VC-JWT or JSON?) ask it. Media-type parameters other than q are set
// aside: a JSON-LD client's profile names the shape it wants, and a general
// negotiator (such as `negotiator`) matches no offer once a range has them.

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** The media ranges of an Accept header; a range with a malformed q is left out. */
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
  const [type, subtype] = mediaType.toLowerCase().split('/');
  if (range.type === '*' && range.subtype === '*') return 0;
  if (range.type !== type) return -1;
  if (range.subtype === '*') return 1;
  return range.subtype === subtype ? 2 : -1;
}

/**
 * The quality the header gives a media type (that of its most specific matching range), and
 * how specific that range is: 2 the type itself, 1 its type with any subtype, 0 any type at all;
 * -1 with quality 0 when no range matches.
 */
export function acceptanceOf(
  accept: string | undefined,
  mediaType: string,
): { quality: number; specificity: number } {
  let best = { quality: 0, specificity: -1 };
  for (const range of mediaRangesOf(accept ?? '')) {
    const specificity = specificityOf(range, mediaType);
    if (specificity > best.specificity) best = { quality: range.q, specificity };
  }
  return best;
}
