// The JavaScript budget of the first load of `/` (issue 14): the entry script
// and every module it preloads, as index.html names them, gzipped, at most
// FIRST_LOAD_BUDGET_KIB. Run after `vite build`; exits 1 above the budget, so
// CI fails when a change pulls a page, the admin area or a heavy library into
// the first load.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const FIRST_LOAD_BUDGET_KIB = 150;

/** The scripts a browser fetches before `/` runs: the module entry and its modulepreloads. */
export function firstLoadScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = new Set<string>();
  for (const tag of tags) {
    const isEntry = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && url) scripts.add(url);
  }
  return [...scripts];
}

/** Each first-load script with its gzipped size in bytes, read from `distDir`. */
export function measureFirstLoad(distDir: string): { file: string; gzipBytes: number }[] {
  const html = readFileSync(`${distDir}/index.html`, 'utf8');
  return firstLoadScripts(html).map((url) => ({
    file: url,
    gzipBytes: gzipSync(readFileSync(`${distDir}/${url.replace(/^\//, '')}`), { level: 9 }).length,
  }));
}

function main() {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const scripts = measureFirstLoad(dist);
  const totalKib = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
  for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KiB  ${s.file}`);
  }
  const verdict = totalKib <= FIRST_LOAD_BUDGET_KIB ? 'within' : 'OVER';
  console.log(
    `First load of / : ${totalKib.toFixed(1)} KiB of gzipped JavaScript, ${verdict} the ${FIRST_LOAD_BUDGET_KIB} KiB budget`,
  );
  if (totalKib > FIRST_LOAD_BUDGET_KIB) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
