// The server's files as the folders that are their layers and modules, read
// from dependency-cruiser's import graph: what `npm run deps:graph` draws and
// what scripts/check-folder-cycles.mjs checks.
import { execFileSync } from 'node:child_process';

export const SERVER = 'apps/server/src/';

/** The folder a file counts as: its layer, or its module (tests belong to none). */
export function folderOf(file) {
  if (!file.startsWith(SERVER)) return null;
  const rest = file.slice(SERVER.length);
  if (/\.test\.tsx?$/.test(rest)) return null;
  if (/^config(-env)?\.ts$/.test(rest)) return 'config';
  if (rest === 'context.ts') return 'context';
  if (
    /^(actions|action-definitions|sponsor-events|platform|app|main)\.ts$/.test(rest) ||
    rest.startsWith('commands/')
  )
    return 'root';
  const [top, second] = rest.split('/');
  if (top === 'modules') return `modules/${second}`;
  return top;
}

/** Every import between two folders of the server, as "from|to", with a file that makes it. */
export function folderEdges() {
  const cruised = JSON.parse(
    execFileSync(
      'npx',
      ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', SERVER],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  );
  const edges = new Map();
  for (const { source, dependencies } of cruised.modules) {
    const from = folderOf(source);
    if (!from) continue;
    for (const { resolved } of dependencies) {
      const to = folderOf(resolved);
      if (!to || to === from) continue;
      const edge = `${from}|${to}`;
      if (!edges.has(edge)) edges.set(edge, `${source} -> ${resolved}`);
    }
  }
  return edges;
}
