// Reads a mail as an SMTP server received it (the tests' smtp-server, the e2e
// mail sink): its header block, any header by name, and its text and HTML
// parts, quoted-printable and base64 decoded. Enough MIME for the mails the
// platform sends through nodemailer; not a general parser.

export interface ReadMail {
  /** The header block as sent (folded lines and all). */
  head: string;
  /** A header's value, folded lines joined; '' when absent. */
  header(name: string): string;
  /** Every value of a header name (a header may repeat). */
  headers(name: string): string[];
  text: string;
  html: string | null;
}

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return { head: raw, body: '' };
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function headerValues(head: string, name: string): string[] {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const pattern = new RegExp(`^${name}:[ \\t]*(.*)$`, 'gim');
  return [...unfolded.matchAll(pattern)].map((match) => match[1]!.trim());
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The text and HTML of an entity: itself when it is a text part, else its parts' (depth first). */
function partsOf(head: string, body: string): { text: string[]; html: string[] } {
  const type = headerValues(head, 'Content-Type')[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const content = decodeBody(body, headerValues(head, 'Content-Transfer-Encoding')[0] ?? '');
    return /^text\/html/i.test(type)
      ? { text: [], html: [content] }
      : { text: [content], html: [] };
  }
  const found = { text: [] as string[], html: [] as string[] };
  // The preamble comes before the first boundary and the epilogue after the closing one.
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const inner = splitHeadAndBody(part.replace(/^\r?\n/, ''));
    const { text, html } = partsOf(inner.head, inner.body.replace(/\r?\n$/, ''));
    found.text.push(...text);
    found.html.push(...html);
  }
  return found;
}

export function readMail(raw: string): ReadMail {
  const { head, body } = splitHeadAndBody(raw);
  const { text, html } = partsOf(head, body);
  return {
    head,
    header: (name) => headerValues(head, name)[0] ?? '',
    headers: (name) => headerValues(head, name),
    text: text.join('\n'),
    html: html.length > 0 ? html.join('\n') : null,
  };
}
