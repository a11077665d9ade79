// API and worker processes that share a database must share the key that opens
// the custodial wallets: one that would not is refused at start, with what to
// set, instead of starting and stalling the queue.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createPublicClient, http } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { getsTokenAbi, platformSettingsAbi, type PlatformContracts } from '@gets/contracts';
import { startAnvil } from '../../src/chain/anvil.ts';
import { findDeployment } from '../../src/chain/deployment-repository.ts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { keyEncryptionKey } from '../../src/custody/envelope.ts';
import { parseKek } from '../../src/config-env.ts';
import { openDatabase } from '../../src/db/database.ts';
import { ADMIN_ROLE_CONTRACTS } from '../../src/modules/admin-auth/admin-roles.ts';
import { listAdminAccounts } from '../../src/modules/admin-auth/admin-repository.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import {
  createSchema,
  dropSchema,
  startTestPlatform,
  TEST_CUSTODY_KEK,
  withSchema,
  makeScratchDir,
} from '../helpers/test-platform.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

describe('processes sharing a database', () => {
  it('a worker without CUSTODY_KEK is refused before it opens a database or a chain', async () => {
    const dataDir = await makeScratchDir('gets-split-');
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // Nothing listens there: a start that got as far as the database would say so.
    const refused = startServerProcess({
      MODE: 'worker',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
      CHAIN_RPC_URL: 'http://127.0.0.1:1',
      RELAYER_PRIVATE_KEYS: `0x${'1'.repeat(64)}`,
      CONTRACT_ADDRESSES: '{}',
    });
    await expect(refused).rejects.toThrow(/server exited \(2\) before it was ready/);
    await expect(refused).rejects.toThrow(/CUSTODY_KEK: required with MODE=worker/);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('a worker holding another key-encryption key is refused at start, naming the key it lacks', async () => {
    const schema = `split_${Date.now().toString(36)}`;
    const dataDir = await makeScratchDir('gets-split-');
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    if (process.env.DATABASE_URL)
      cleanups.push(() => dropSchema(process.env.DATABASE_URL!, schema));
    const apiKek = randomBytes(32).toString('hex');
    const workerKek = randomBytes(32).toString('hex');
    const api = await startTestPlatform({ MODE: 'api', CUSTODY_KEK: apiKek }, { dataDir, schema });
    cleanups.push(() => api.stop());
    await createTestUser(api.ctx);
    const chain = {
      CHAIN_RPC_URL: api.ctx.chain.rpcUrl,
      CONTRACT_ADDRESSES: JSON.stringify(api.ctx.contracts),
      RELAYER_PRIVATE_KEYS: api.ctx.config.relayerPrivateKeys.join(','),
    };
    const database = process.env.DATABASE_URL
      ? { DATABASE_URL: withSchema(process.env.DATABASE_URL, schema), DATA_DIR: await otherDir() }
      : // PGlite opens in one process at a time: the worker comes after the API.
        await api.stop().then(() => ({ DATA_DIR: dataDir }));

    const started = Date.now();
    const refused = startServerProcess({
      MODE: 'worker',
      LOG_LEVEL: 'warn',
      CUSTODY_KEK: workerKek,
      ...chain,
      ...database,
    });
    const apiKekId = keyEncryptionKey(parseKek(apiKek)).id;
    await expect(refused).rejects.toThrow(
      new RegExp(
        `CUSTODY_KEK: the database holds wallet keys this process cannot open \\(\\d+ under key-encryption key ${apiKekId}\\)`,
      ),
    );
    // Refused at start, not after a stall.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe.runIf(!!process.env.DATABASE_URL)('processes started together on a new database', () => {
  it('all start: the contracts are deployed once, and the first admin gets ADMIN_ROLE and FIRST_ADMIN_GETS once', async () => {
    const anvil = await startAnvil({ chainId: 137, port: 0 });
    cleanups.push(() => anvil.stop());
    const schema = `together_${Date.now().toString(36)}`;
    await createSchema(process.env.DATABASE_URL!, schema);
    cleanups.push(() => dropSchema(process.env.DATABASE_URL!, schema));
    const databaseUrl = withSchema(process.env.DATABASE_URL!, schema);
    const shared = {
      LOG_LEVEL: 'warn',
      CUSTODY_KEK: TEST_CUSTODY_KEK,
      DATABASE_URL: databaseUrl,
      CHAIN_RPC_URL: anvil.rpcUrl,
      DEPLOYER_PRIVATE_KEY: ANVIL_DEV_KEYS[0],
      RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${ANVIL_DEV_KEYS[2]}`,
      PIPELINE_CONFIRMATIONS: '0',
      FIRST_ADMIN_GETS: '1000',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    // As `docker compose up` starts them: two APIs and two workers at once.
    const modes = ['api', 'api', 'worker', 'worker'];
    const starts = await Promise.allSettled(
      modes.map(async (MODE) =>
        startServerProcess({ ...shared, MODE, DATA_DIR: await otherDir() }),
      ),
    );
    for (const start of starts) {
      if (start.status === 'fulfilled') cleanups.push(() => start.value.stop('SIGTERM'));
    }
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);

    const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
    cleanups.push(() => db.close());
    const contracts = (await findDeployment(db, 137))!.contracts as PlatformContracts;
    const [admin] = await listAdminAccounts(db);
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    for (const name of ADMIN_ROLE_CONTRACTS) {
      const abi = platformSettingsAbi;
      const role = await chain.readContract({
        address: contracts[name],
        abi,
        functionName: 'ADMIN_ROLE',
      });
      const held = await chain.readContract({
        address: contracts[name],
        abi,
        functionName: 'hasRole',
        args: [role, admin!],
      });
      expect(held, `ADMIN_ROLE on ${name}`).toBe(true);
    }
    const gets = await chain.readContract({
      address: contracts.token,
      abi: getsTokenAbi,
      functionName: 'balanceOf',
      args: [admin!],
    });
    expect(gets).toBe(1000n * 10n ** 18n);
  });
});

async function otherDir() {
  const dir = await makeScratchDir('gets-split-worker-');
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}
