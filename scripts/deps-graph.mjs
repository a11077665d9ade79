// npm run deps:graph: draws the server's layers from its imports, as Mermaid
// diagrams in docs/layers.md (GitHub and most editors render them; nothing to
// install). Files are collapsed to the folder that is their layer, so the
// picture shows which way the layers point, not every file.
import { folderEdges } from './server-folders.mjs';
import { writeFileSync } from 'node:fs';

const edges = folderEdges();

const layerEdges = new Set();
const moduleEdges = new Set();
for (const edge of edges.keys()) {
  const [from, to] = edge.split('|');
  if (from.startsWith('modules/') && to.startsWith('modules/')) moduleEdges.add(edge);
  const collapse = (folder) => (folder.startsWith('modules/') ? 'modules' : folder);
  if (collapse(from) !== collapse(to)) layerEdges.add(`${collapse(from)}|${collapse(to)}`);
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
