// Builds public/user-manual.pdf from user-manual.md (beside this file).
// Run: npm run build:manual -w apps/web  (needs Chromium; CHROMIUM_PATH overrides
// /usr/bin/chromium). The Markdown uses a small subset: '#'/'##' headings,
// paragraphs, '-' and '1.' lists, **bold**. {{NAME}} placeholders are filled
// from the shared constants so the manual never disagrees with the app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AWARD_CRITERIA_MIN_LENGTH,
  BADGE_CREATION_FEE_GETS,
  CONSENT_TOKEN_TTL_MS,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
  SPONSOR_VERIFICATION_PROMISE_HOURS,
  TITLE_MAX_LENGTH,
  TOKEN,
} from '../../../packages/schema/src/constants.ts';

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, 'user-manual.md');
const output = resolve(here, '../public/user-manual.pdf');

const values: Record<string, string | number> = {
  PRODUCT_NAME,
  TOKEN: TOKEN.symbol,
  BADGE_CREATION_FEE_GETS,
  TITLE_MAX_LENGTH,
  AWARD_CRITERIA_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  OTP_LENGTH,
  SPONSOR_VERIFICATION_PROMISE_HOURS,
  CONSENT_MINUTES: CONSENT_TOKEN_TTL_MS / 60_000,
};

export function fillPlaceholders(text: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`user-manual.md: unknown placeholder {{${name}}}`);
    return String(value);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

export function markdownToHtml(markdown: string): string {
  const html: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  const closeList = () => {
    if (list) html.push(`</${list}>`);
    list = null;
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    const bullet = /^- (.*)$/.exec(line);
    const numbered = /^\d+\. (.*)$/.exec(line);
    if (heading) {
      closeList();
      const level = heading[1]!.length;
      html.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        html.push(`<${kind}>`);
        list = kind;
      }
      html.push(`<li>${inline((bullet ?? numbered)![1]!)}</li>`);
    } else if (line.trim() === '') {
      closeList();
    } else {
      closeList();
      html.push(`<p>${inline(line)}</p>`);
    }
  }
  closeList();
  return html.join('\n');
}

const css = `
  @page { size: A4; margin: 22mm 20mm; }
  body { font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif; color: #1e293b;
         font-size: 10.5pt; line-height: 1.55; }
  h1 { color: #0b3d2e; font-size: 24pt; margin: 0 0 6mm; padding-bottom: 4mm;
       border-bottom: 3px solid #6ee7b7; }
  h2 { color: #0b3d2e; font-size: 14pt; margin: 8mm 0 2mm; break-after: avoid; }
  p, li { margin: 0 0 2.5mm; }
  ul, ol { padding-left: 6mm; margin: 0 0 3mm; }
  li { break-inside: avoid; }
  strong { color: #0b3d2e; }
`;

function main(): void {
  const markdown = fillPlaceholders(readFileSync(source, 'utf8'));
  const title = /^# (.*)$/m.exec(markdown)?.[1] ?? PRODUCT_NAME;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${css}</style></head><body>${markdownToHtml(markdown)}</body></html>`;

  const work = mkdtempSync(join(tmpdir(), 'user-manual-'));
  try {
    const htmlPath = join(work, 'user-manual.html');
    writeFileSync(htmlPath, page);
    execFileSync(
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${join(work, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${output}`,
        pathToFileURL(htmlPath).href,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`wrote ${output} (${statSync(output).size} bytes)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
