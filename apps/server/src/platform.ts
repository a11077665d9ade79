// Starts and stops the whole platform in one place: database and migrations,
// chain and contracts, background worker and HTTP server, as the mode asks.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import { connectChain, type ChainConnection } from './chain/chain.ts';
import { ensureDeployment } from './chain/deployment.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { migrate } from './db/migrate.ts';
import { startWorker, type Worker } from './worker/worker.ts';
import { createKeystore } from './custody/keystore.ts';
import { loadKeyEncryptionKeys } from './custody/key-encryption-keys.ts';
import { pipelineJobs } from './chain/pipeline/pipeline.ts';
import { startStatusFeed } from './chain/pipeline/status-feed.ts';
import type { PlatformContracts } from '@gets/contracts';
import { createMailer } from './mail/mailer.ts';
import { ensureFirstAdmin, firstStartLines } from './modules/admin-auth/first-admin.ts';
import { ensureAdminRoles } from './modules/admin-auth/admin-roles.ts';
import { listAdminAccounts } from './modules/admin-auth/admin-repository.ts';

export interface Platform {
  ctx: AppContext;
  /** Base URL of the HTTP server, when this process serves HTTP. */
  url: string | undefined;
  stop(): Promise<void>;
}

export async function startPlatform(config: Config): Promise<Platform> {
  const log = pino({ level: config.logLevel });
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => log.error({ err: error }, 'shutdown step failed'));
    }
    cleanups.length = 0;
  };

  try {
    const db: Database = await openConfiguredDatabase(config);
    cleanups.push(() => db.close());
    const applied = await migrate(db);
    if (applied.length > 0) log.info({ migrations: applied }, 'applied migrations');

    const chain: ChainConnection = await connectChain(config.chain);
    cleanups.push(() => chain.close());
    const deployment = await ensureDeployment(db, chain, config, {
      info: (message) => log.info(message),
    });

    const contracts = deployment.contracts as PlatformContracts;
    const keystore = await createKeystore(() => loadKeyEncryptionKeys(config.custody));
    const statusFeed = await startStatusFeed(db);
    cleanups.push(() => statusFeed.close());

    const mailer = createMailer(config, db);
    cleanups.push(() => mailer.close());
    const ctx: AppContext = {
      config,
      db,
      chain,
      deployment,
      contracts,
      keystore,
      statusFeed,
      mailer,
    };
    // First start: the first admin and the admin login secret; every start:
    // admin wallets hold ADMIN_ROLE (granted by the deployer when missing).
    const firstStart = await ensureFirstAdmin(ctx);
    await ensureAdminRoles(
      chain,
      contracts,
      config.deployerPrivateKey,
      await listAdminAccounts(db),
      log,
    );

    let worker: Worker | undefined;
    if (config.mode !== 'api') {
      worker = await startWorker(db, {
        heartbeatIntervalMs: config.workerHeartbeatIntervalMs,
        jobs: await pipelineJobs({ log, db, keystore, chain, contracts, config }),
        log,
      });
      cleanups.push(() => worker!.stop());
    }

    let url: string | undefined;
    if (config.mode !== 'worker') {
      const app: FastifyInstance = await buildApp(ctx);
      cleanups.push(() => app.close());
      const address = await app.listen({ port: config.port, host: config.host });
      url = displayUrl(address);
    }
    for (const line of firstStartLines(firstStart, url)) console.log(line);

    return { ctx, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Fastify reports the bound address; show a host a browser can open. */
function displayUrl(address: string) {
  const parsed = new URL(address);
  if (
    parsed.hostname === '127.0.0.1' ||
    parsed.hostname === '0.0.0.0' ||
    parsed.hostname === '[::]'
  ) {
    parsed.hostname = 'localhost';
  }
  return parsed.origin;
}
