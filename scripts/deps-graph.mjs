// npm run deps:graph: draws the server's layers from its imports, as Mermaid
// diagrams in docs/layers.md (GitHub and most editors render them; nothing to
// install). Files are collapsed to the folder that is their layer, so the
// picture shows which way the layers point, not every file.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const SERVER = 'apps/server/src/';

/** The folder a file is drawn as: its layer, or its module. */
function folderOf(file) {
  if (!file.startsWith(SERVER)) return null;
  const rest = file.slice(SERVER.length);
  if (/\.test\.tsx?$/.test(rest)) return null;
  if (/^config(-env)?\.ts$/.test(rest)) return 'config';
  if (rest === 'context.ts') return 'context';
  if (/^(actions|platform|app|main)\.ts$/.test(rest) || rest.startsWith('commands/')) return 'root';
  const [top, second] = rest.split('/');
  if (top === 'modules') return `modules/${second}`;
  return top;
}

const cruised = JSON.parse(
  execFileSync(
    'npx',
    ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', SERVER],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ),
);

const layerEdges = new Set();
const moduleEdges = new Set();
for (const { source, dependencies } of cruised.modules) {
  const from = folderOf(source);
  if (!from) continue;
  for (const { resolved } of dependencies) {
    const to = folderOf(resolved);
    if (!to || to === from) continue;
    if (from.startsWith('modules/') && to.startsWith('modules/')) moduleEdges.add(`${from}|${to}`);
    const collapse = (folder) => (folder.startsWith('modules/') ? 'modules' : folder);
    if (collapse(from) !== collapse(to)) layerEdges.add(`${collapse(from)}|${collapse(to)}`);
  }
}

const id = (folder) => folder.replace(/[^a-zA-Z0-9]/g, '_');
const flowchart = (edges) =>
  [
    '```mermaid',
    'flowchart TD',
    ...[...edges].sort().map((edge) => {
      const [from, to] = edge.split('|');
      return `  ${id(from)}["${from}"] --> ${id(to)}["${to}"]`;
    }),
    '```',
  ].join('\n');

writeFileSync(
  'docs/layers.md',
  `# The server's layers, as its imports draw them

Made by \`npm run deps:graph\` from the imports of \`apps/server/src\` (tests left out); an arrow is
"imports". The rules the arrows must keep are in \`.dependency-cruiser.cjs\` and checked by
\`npm run deps:check\`: config -> primitives (db, http, mail, worker) -> chain and custody ->
context -> modules -> root (actions.ts, platform.ts, app.ts, main.ts, commands), never upwards.

## Layers (the modules as one)

${flowchart(layerEdges)}

## Modules among themselves (a module may use another's service, never its routes)

${flowchart(moduleEdges)}
`,
);
console.log(`docs/layers.md: ${layerEdges.size} layer edges, ${moduleEdges.size} module edges`);
