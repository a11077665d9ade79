// A second start on the same data directory finds the same database rows and
// chain state: the contracts are not deployed again. When the chain goes away,
// health says so.
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@gets/schema';
import { findDeployment } from '../../src/chain/deployment-repository.ts';
import { dropSchema, startTestPlatform, makeScratchDir } from '../helpers/test-platform.ts';

describe('restart on the same data directory', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let dataDir: string;

  afterAll(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
  });

  it('keeps the deployment, its contract code and the chain height', async () => {
    dataDir = await makeScratchDir('gets-restart-');
    const first = await startTestPlatform({}, { dataDir, schema });
    const deployed = first.ctx.deployment;
    const tokenAddress = Object.values(deployed.contracts)[0]!;
    const heightBefore = await first.ctx.chain.publicClient.getBlockNumber();
    await first.stop();

    const second = await startTestPlatform({}, { dataDir, schema });
    try {
      expect(second.ctx.deployment).toEqual(deployed);
      expect(await findDeployment(second.ctx.db, 137)).toEqual(deployed);
      const code = await second.ctx.chain.publicClient.getCode({ address: tokenAddress });
      expect(code && code.length).toBeGreaterThan(2);
      expect(await second.ctx.chain.publicClient.getBlockNumber()).toBeGreaterThanOrEqual(
        heightBefore,
      );
    } finally {
      await second.stop();
    }
  });
});

describe('health when the chain is gone', () => {
  it('answers 503 with the chain down and the rest up', async () => {
    const platform = await startTestPlatform();
    try {
      await platform.ctx.chain.close();
      const response = await platform.request('/gs-api/health');
      expect(response.status).toBe(503);
      const body = healthResponseSchema.parse(await response.json());
      expect(body.data.chain).toMatchObject({ status: 'down', chainId: null, latestBlock: null });
      expect(body.data.database.status).toBe('up');
      expect(body.data.worker.status).toBe('up');
    } finally {
      await platform.stop();
    }
  });
});
