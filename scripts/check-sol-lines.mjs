// ESLint's max-lines holds TypeScript files to 400 lines; this holds the
// hand-written Solidity (contracts, tests, scripts) to the same limit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, '../packages/contracts');
const folders = ['src', 'test', 'script'];

const solidityFiles = folders.flatMap((folder) => {
  const dir = path.join(root, folder);
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.sol'))
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
});

const tooLong = solidityFiles
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) {
  console.error(`${path.relative(process.cwd(), file)}: ${lines} lines (at most ${MAX_LINES})`);
}
if (tooLong.length > 0) process.exit(1);
console.log(`${solidityFiles.length} Solidity files, none over ${MAX_LINES} lines`);
