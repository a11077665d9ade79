// The start command on the embedded defaults: ready message, Ctrl-C stops
// everything it started (Anvil included), a second start finds the same state,
// and a bad variable stops the start with a message naming it; the request log
// keeps the secrets of mailed links out.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, startServerProcess } from '../helpers/server-process.ts';
import { makeScratchDir } from '../helpers/test-platform.ts';

describe('the start command', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts, stops on SIGINT with its Anvil, and starts again on the same state', async () => {
    dataDir = await makeScratchDir('gets-start-');
    const env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };

    const first = await startServerProcess(env, 90_000);
    expect((await fetch(`${first.url}/gs-api/health`)).status).toBe(200);
    expect(first.output()).toContain('Deployed the platform contracts');
    const anvilPid = Number(await fs.readFile(path.join(dataDir, 'anvil', 'anvil.pid'), 'utf8'));
    expect(isAlive(anvilPid)).toBe(true);
    const heightBefore = await latestBlock(first.url);
    // The secrets of mailed links (an unsubscribe token, an admin invitation) stay out of the log.
    await fetch(`${first.url}/unsubscribe?token=mailed-secret-0123`);
    await fetch(`${first.url}/admin/login?invite=invite-secret-4567`);
    await expect
      .poll(() => first.output(), { timeout: 5_000 })
      .toContain('/admin/login?invite=[redacted]');
    expect(first.output()).toContain('/unsubscribe?token=[redacted]');
    expect(first.output()).not.toMatch(/mailed-secret-0123|invite-secret-4567/);

    expect(await first.stop('SIGINT')).toBe(0);
    expect(isAlive(anvilPid)).toBe(false);
    await expect(fs.access(path.join(dataDir, 'anvil', 'state.json'))).resolves.toBeUndefined();

    const second = await startServerProcess(env, 30_000);
    try {
      expect((await fetch(`${second.url}/gs-api/health`)).status).toBe(200);
      expect(second.output()).not.toContain('Deployed the platform contracts');
      expect(await latestBlock(second.url)).toBeGreaterThanOrEqual(heightBefore);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  });

  it('stops with its Anvil when a process manager signals npm alone', async () => {
    // systemd or `docker stop` signal the process they started: npm, not the
    // server under npm's shell, which must still hear it and stop cleanly.
    const npmDataDir = await makeScratchDir('gets-npm-');
    try {
      const served = await startServerProcess(
        { DATA_DIR: npmDataDir, PORT: '0', LOG_LEVEL: 'warn' },
        90_000,
        { npmScript: 'serve' },
      );
      expect((await fetch(`${served.url}/gs-api/health`)).status).toBe(200);
      const anvilPid = Number(
        await fs.readFile(path.join(npmDataDir, 'anvil', 'anvil.pid'), 'utf8'),
      );

      expect(await served.stop('SIGTERM')).toBe(0);
      expect(served.output()).toContain('Received SIGTERM, stopping...');
      await expect(fetch(`${served.url}/gs-api/health`)).rejects.toThrow();
      expect(isAlive(anvilPid)).toBe(false);
    } finally {
      await fs.rm(npmDataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad variable with a message naming it, and exits non-zero', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT: must be a number');
  });
});

async function latestBlock(url: string) {
  const body = (await (await fetch(`${url}/gs-api/health`)).json()) as {
    data: { chain: { latestBlock: string } };
  };
  return BigInt(body.data.chain.latestBlock);
}
