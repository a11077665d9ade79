#!/usr/bin/env node
// Lets forge compile offline with the npm solc package instead of downloading a
// native solc: answers `--version` the way solc does and compiles standard JSON
// read from stdin (forge passes every source's content in that JSON).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc');

const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write(
    `solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`,
  );
  process.exit(0);
}
if (!args.includes('--standard-json')) {
  process.stderr.write('solc-wrapper: only --version and --standard-json are supported\n');
  process.exit(1);
}
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
// Forge keys library sources by absolute path but hands solc remappings relative to
// --base-path; native solc resolves those against the base path, solc-js cannot, so the
// remapping targets are made absolute here and any source forge left out is read from disk.
const flagValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const basePath = path.resolve(flagValue('--base-path') ?? process.cwd());
const allowed = [basePath, ...(flagValue('--allow-paths') ?? '').split(',').filter(Boolean)].map(
  (p) => path.resolve(p),
);

function absoluteRemapping(remapping) {
  const eq = remapping.indexOf('=');
  const target = remapping.slice(eq + 1);
  if (path.isAbsolute(target)) return remapping;
  const resolved = path.resolve(basePath, target) + (target.endsWith('/') ? '/' : '');
  return remapping.slice(0, eq + 1) + resolved;
}

function findImports(importPath) {
  const file = path.resolve(basePath, importPath);
  if (!allowed.some((dir) => file === dir || file.startsWith(dir + path.sep))) {
    return { error: `File outside allowed paths: ${importPath}` };
  }
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `File not found: ${importPath}` };
  }
}

process.stdin.on('end', () => {
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (input.settings?.remappings) {
    input.settings.remappings = input.settings.remappings.map(absoluteRemapping);
  }
  process.stdout.write(solc.compile(JSON.stringify(input), { import: findImports }));
});
