// Regenerates gas-report.txt: forge's gas report over test/GasScenario.t.sol, the platform's
// main calls in a typical state (revert and fuzz tests would skew min/avg/max).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageDir } from './compile.ts';

const require = createRequire(import.meta.url);

function forgeBinary(): string {
  try {
    const pkg = require.resolve(
      `@foundry-rs/forge-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`,
    );
    const bin = path.join(path.dirname(pkg), 'bin', 'forge');
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to PATH (npm scripts put node_modules/.bin on it)
  }
  return 'forge';
}

const result = spawnSync(
  forgeBinary(),
  ['test', '--offline', '--color', 'never', '--match-contract', 'GasScenarioTest', '--gas-report'],
  { cwd: packageDir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
);
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(result.status ?? 1);
}

const lines = result.stdout.split('\n');
const start = lines.findIndex((line) => line.startsWith('╭'));
const end = lines.findLastIndex((line) => line.startsWith('╰'));
if (start < 0 || end < start) throw new Error('no gas report table in forge output');
const report =
  '# Gas report: `npm run gas -w packages/contracts` (forge --gas-report over test/GasScenario.t.sol)\n' +
  '# Solidity 0.8.37 (solc-js), evm cancun, optimizer 200 runs. Do not edit by hand.\n\n' +
  lines.slice(start, end + 1).join('\n') +
  '\n';
writeFileSync(path.join(packageDir, 'gas-report.txt'), report);
console.log(`Wrote gas-report.txt (${end - start + 1} lines)`);
