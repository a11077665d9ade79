// With CHAIN_RPC_URL the platform uses that chain and starts no Anvil: the
// contracts are taken from CONTRACT_ADDRESSES, or deployed once and recorded.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { findTransaction } from '../../src/chain/pipeline/transaction-repository.ts';
import { pipelineJobs } from '../../src/chain/pipeline/pipeline.ts';
import { createTestUser, queueTransfers } from '../helpers/accounts.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

describe('an external chain', () => {
  let host: TestPlatform;
  beforeAll(async () => {
    // Its embedded Anvil plays the external node for the platforms under test.
    host = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await host?.stop();
  });

  const external = () => ({
    MODE: 'api' as const,
    CHAIN_RPC_URL: host.ctx.chain.rpcUrl,
    RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
  });

  it('uses the contracts named in CONTRACT_ADDRESSES and deploys nothing', async () => {
    const platform = await startTestPlatform({
      ...external(),
      CONTRACT_ADDRESSES: JSON.stringify(host.ctx.contracts),
    });
    try {
      expect(platform.ctx.chain.embedded).toBe(false);
      expect(platform.ctx.contracts).toEqual(host.ctx.contracts);
      expect(await platform.ctx.db.query('SELECT * FROM chain_deployments')).toEqual([]);
      const health = (await (await platform.request('/gs-api/health')).json()) as {
        data: { chain: { status: string; embedded: boolean } };
      };
      expect(health.data.chain).toMatchObject({ status: 'up', embedded: false });
    } finally {
      await platform.stop();
    }
  });

  it('deploys on first start with DEPLOYER_PRIVATE_KEY and records the addresses', async () => {
    const platform = await startTestPlatform({
      ...external(),
      DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
    });
    try {
      expect(platform.ctx.contracts.token).not.toBe(host.ctx.contracts.token);
      const rows = await platform.ctx.db.query<{ chain_id: number }>(
        'SELECT chain_id FROM chain_deployments',
      );
      expect(rows).toEqual([{ chain_id: 137 }]);
    } finally {
      await platform.stop();
    }
  });

  it('refuses CONTRACT_ADDRESSES that miss a contract or point at no code', async () => {
    const { treasure: _treasure, ...partial } = host.ctx.contracts;
    await expect(
      startTestPlatform({ ...external(), CONTRACT_ADDRESSES: JSON.stringify(partial) }),
    ).rejects.toThrow(/^CONTRACT_ADDRESSES: missing treasure/);
    await expect(
      startTestPlatform({
        ...external(),
        CONTRACT_ADDRESSES: JSON.stringify({
          ...host.ctx.contracts,
          token: `0x${'11'.repeat(20)}`,
        }),
      }),
    ).rejects.toThrow(/^CONTRACT_ADDRESSES: no contract code at 0x1111/);
  });

  it('refuses a node that reports another chain id', async () => {
    await expect(
      startTestPlatform({
        ...external(),
        CHAIN_ID: '80002',
        DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
      }),
    ).rejects.toThrow(/^CHAIN_ID: the node at .* reports chain id 137, but 80002 is configured/);
  });
});

describe('confirmations on an external chain', () => {
  let host: TestPlatform;
  beforeAll(async () => {
    host = await startTestPlatform({ MODE: 'api' });
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('keeps a mined transaction QUEUED until PIPELINE_CONFIRMATIONS more blocks, then COMPLETED', async () => {
    // No worker of its own: the test runs each pipeline step itself, so it
    // knows the settle step has looked at the receipt when it checks.
    const platform = await startTestPlatform({
      MODE: 'api',
      CHAIN_RPC_URL: host.ctx.chain.rpcUrl,
      CONTRACT_ADDRESSES: JSON.stringify(host.ctx.contracts),
      RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
    });
    try {
      const { ctx } = platform;
      expect(ctx.config.pipeline.confirmations).toBe(5);
      const silent = { warn: () => undefined };
      const jobs = await pipelineJobs({
        actions: chainActions,
        log: silent,
        db: ctx.db,
        keystore: ctx.keystore,
        chain: ctx.chain,
        contracts: ctx.contracts,
        config: ctx.config,
      });
      const step = (name: string) => jobs.find((job) => job.name === name)!.run();
      const mine = (blocks: number) =>
        ctx.chain.publicClient.request({
          method: 'anvil_mine' as never,
          params: [`0x${blocks.toString(16)}`] as never,
        });

      const alice = await createTestUser(ctx, { gets: '5' });
      const [id] = await queueTransfers(ctx, [alice], host.ctx.contracts.treasure, '1');
      await step('relay');
      // Mined (the host's Anvil mines on each transaction), yet not final.
      const mined = await batchReceiptBlock(platform);
      expect(mined).not.toBeNull();
      await step('settle');
      expect((await findTransaction(ctx.db, id!))!.status).toBe('SENT');
      await mine(4);
      await step('settle');
      expect((await findTransaction(ctx.db, id!))!.status).toBe('SENT');
      // The fifth block after it makes it final.
      await mine(1);
      await step('settle');
      expect((await findTransaction(ctx.db, id!))!.status).toBe('COMPLETED');
    } finally {
      await platform.stop();
    }
  });
});

async function batchReceiptBlock(platform: TestPlatform) {
  const rows = await platform.ctx.db.query<{ hash: `0x${string}` }>(
    `SELECT attempts->0->>'hash' AS hash FROM relay_batches LIMIT 1`,
  );
  if (!rows[0]) return null;
  // Anvil answers the send before its automine has made the block: under load
  // the receipt can come a moment after the relay step returns.
  const receipt = await platform.ctx.chain.publicClient
    .waitForTransactionReceipt({ hash: rows[0].hash, pollingInterval: 50, timeout: 15_000 })
    .catch(() => null);
  return receipt?.blockNumber ?? null;
}
