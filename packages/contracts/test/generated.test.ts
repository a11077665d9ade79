// The committed src/generated files must be exactly what scripts/compile.ts produces now.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledContracts, generateSources, generatedDir } from '../scripts/compile.ts';

describe('generated ABIs', () => {
  it('are up to date with src/*.sol (run `npm run build -w packages/contracts` if not)', () => {
    const fresh = generateSources();
    const committed = readdirSync(generatedDir).filter((f) => f.endsWith('.ts'));
    expect(committed.sort()).toEqual([...fresh.keys()].sort());
    for (const [file, content] of fresh) {
      expect(readFileSync(path.join(generatedDir, file), 'utf8'), `${file} is stale`).toBe(content);
    }
  });

  it('export an ABI and bytecode for every deployable contract', async () => {
    const index: Record<string, unknown> = await import('../src/index.ts');
    for (const name of compiledContracts) {
      const base = name.charAt(0).toLowerCase() + name.slice(1);
      expect(Array.isArray(index[`${base}Abi`]), `${base}Abi`).toBe(true);
      expect(String(index[`${base}Bytecode`])).toMatch(/^0x[0-9a-f]{100,}$/);
    }
  });
});
