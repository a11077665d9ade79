// Part of `npm run deps:check`: no folder of the server (a layer, or a
// module) imports one that imports it back, directly or through others.
// dependency-cruiser finds circles of files; two folders can import each
// other without any circle of files, and then neither can move or be read
// on its own.
import { folderEdges } from './server-folders.mjs';

/**
 * Imports that still close a circle, each with why it is left: one edge out
 * of each known circle, so any other circle fails. Remove an entry once its
 * import is gone.
 */
const KNOWN = new Map([]);

const edges = folderEdges();
for (const known of KNOWN.keys()) {
  if (!edges.has(known)) {
    console.error(
      `${known} no longer imports: remove it from KNOWN in scripts/check-folder-cycles.mjs`,
    );
    process.exit(1);
  }
}
const next = new Map();
for (const edge of edges.keys()) {
  if (KNOWN.has(edge)) continue;
  const [from, to] = edge.split('|');
  next.set(from, [...(next.get(from) ?? []), to]);
}

/** A path of folders from `start` back to it, or null. */
function cycleFrom(start) {
  const seen = new Set();
  const walk = (folder, path) => {
    for (const to of next.get(folder) ?? []) {
      if (to === start) return [...path, to];
      if (seen.has(to)) continue;
      seen.add(to);
      const found = walk(to, [...path, to]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

const cycles = new Set();
for (const folder of next.keys()) {
  const cycle = cycleFrom(folder);
  if (cycle) cycles.add(cycle.join(' -> '));
}
if (cycles.size > 0) {
  console.error('Folders of the server that import each other back:');
  for (const cycle of cycles) {
    const folders = cycle.split(' -> ');
    console.error(`  ${cycle}`);
    for (let i = 0; i + 1 < folders.length; i++) {
      console.error(`    ${edges.get(`${folders[i]}|${folders[i + 1]}`)}`);
    }
  }
  process.exit(1);
}
console.log(
  `no folder cycles (${next.size} folders, ${edges.size} folder imports, ${KNOWN.size} known edges left out)`,
);
