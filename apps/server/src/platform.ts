// Starts and stops the whole platform in one place: database and migrations,
// chain and contracts, background worker and HTTP server, as the mode asks.
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { banner } from './banner.ts';
import { createLogger } from './logger.ts';
import { connectChain, type ChainConnection } from './chain/chain.ts';
import { ensureDeployment } from './chain/deployment.ts';
import type { Config } from './config.ts';
import { consentFactorPrompt } from './modules/security/consent-confirmation.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { migrate } from './db/migrate.ts';
import { startWorker, type Worker } from './worker/worker.ts';
import { createKeystore } from './custody/keystore.ts';
import { loadKeyEncryptionKeys } from './custody/key-encryption-keys.ts';
import { ensureSystemWallet } from './custody/system-wallet.ts';
import { pipelineJobs } from './chain/pipeline/pipeline.ts';
import { badgeJobs } from './modules/badges/jobs.ts';
import { applicationJobs } from './modules/applications/jobs.ts';
import { reminderJobs } from './modules/applications/reminders.ts';
import { mailDeliveryJob, mailPruningJob } from './mail/mail-delivery.ts';
import { authPruningJob } from './modules/accounts/pruning.ts';
import { securityRecordsToPrune } from './modules/security/pruning.ts';
import { signInSteps } from './modules/security/sign-in-steps.ts';
import { consentPruningJob } from './custody/consent-pruning.ts';
import { uploadJobs } from './modules/uploads/jobs.ts';
import { startStatusFeed } from './chain/pipeline/status-feed.ts';
import type { PlatformContracts } from '@gets/contracts';
import { createMailer } from './mail/mailer.ts';
import { ensureFirstAdmin, firstStartLines } from './modules/admin-auth/first-admin.ts';
import { ensureAdminRoles } from './modules/admin-auth/admin-roles.ts';
import { insertSettingOnce } from './modules/admin-auth/settings-repository.ts';

import { allocateFirstAdminGets } from './modules/tokens/first-admin-allocation.ts';
import { startSessionEvents } from './modules/accounts/session-events.ts';
import { sessionLookup } from './modules/accounts/sessions.ts';
import { apiKeySessions } from './modules/integrations/service.ts';
import { integrationJobs } from './modules/integrations/jobs.ts';
import { chainActions } from './actions.ts';
import { createMetrics } from './chain/pipeline/metrics.ts';
import { serveMetrics } from './worker/metrics-server.ts';

import { credentialJobs } from './modules/credentials/service.ts';
import { sealPlaintextTotpSecrets } from './modules/security/totp-secrets.ts';

const INSTANCE_ID_SETTING = 'instance_id';

export interface Platform {
  ctx: AppContext;
  /** Base URL of the HTTP server, when this process serves HTTP. */
  url: string | undefined;
  /**
   * What this start must tell a person (the admin login link at every start; the
   * first admin and its password at the first): main.ts prints it in the start banner.
   */
  notices: string[];
  stop(): Promise<void>;
}

export async function startPlatform(config: Config): Promise<Platform> {
  const log = createLogger(config);
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

    // Before anything runs: every stored wallet key must open with the keys
    // this process holds, or the pipeline would stall on the first of them.
    const keystore = await createKeystore(() => loadKeyEncryptionKeys(config.custody));
    const missing = await keystore.missingKeks(db);
    if (missing.length > 0) throw new Error(missingKekMessage(missing, config));
    await ensureSystemWallet(db, keystore);
    await keystore.ensureIssuerKeys(db);
    // Authenticator apps' secrets stored in the clear, before they were sealed.
    await sealPlaintextTotpSecrets(db, keystore);

    const chain: ChainConnection = await connectChain(config.chain, {
      log: { warn: (message) => log.warn(message) },
      publicReads: config.publicReads,
    });
    cleanups.push(() => chain.close());
    const deployment = await ensureDeployment(db, chain, config, {
      info: (message) => log.info(message),
    });

    const contracts = deployment.contracts as PlatformContracts;
    const statusFeed = await startStatusFeed(db, { log });
    cleanups.push(() => statusFeed.close());
    const sessionEvents = await startSessionEvents(db);
    cleanups.push(() => sessionEvents.close());
    // Health and metrics of every process report the relayers, worker or not.
    const relayerAddresses = config.relayerPrivateKeys.map(
      (key) => privateKeyToAccount(key).address,
    );
    const metrics = createMetrics(db, { chainId: chain.chain.id, addresses: relayerAddresses });
    const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    // Names this deployment (every process on this database) where it shares
    // something with others, such as a Redis.
    const instanceId = await insertSettingOnce(db, INSTANCE_ID_SETTING, randomUUID());
    if (redis) cleanups.push(() => redis.quit().then(() => undefined));

    // The outbox prints each mail's code or link in a box of its own, apart from the log.
    const mailer = createMailer(config, db, (line) => console.log(banner([line])));
    cleanups.push(() => mailer.close());
    let url: string | undefined;
    const ctx: AppContext = {
      config,
      db,
      chain,
      deployment,
      contracts,
      keystore,
      statusFeed,
      mailer,
      // A sponsor's API key calls as its sponsor, within its scopes (issue 46).
      sessions: apiKeySessions(db, sessionLookup(db)),
      signIn: signInSteps(() => ctx),
      sessionEvents,
      actions: chainActions,
      metrics,
      relayerAddresses,
      ...(redis ? { redis } : {}),
      instanceId,
      publicUrl: () =>
        config.publicUrl ?? url ?? (config.mode === 'worker' ? hostPortUrl(config) : undefined),
    };
    ctx.consentFactors = consentFactorPrompt(ctx);
    // First start: the first admin and the admin login secret; every start:
    // admin wallets hold ADMIN_ROLE (granted by the deployer when missing).
    const firstStart = await ensureFirstAdmin(ctx);
    await ensureAdminRoles(db, chain, contracts, config.deployerPrivateKey, log);
    // The first admin can send GETS from the start (FIRST_ADMIN_GETS, once).
    const allocation = await allocateFirstAdminGets({
      db,
      chain,
      contracts,
      deployerPrivateKey: config.deployerPrivateKey,
      units: config.firstAdminGetsUnits,
    });
    if (allocation.warning) log.warn(allocation.warning);
    // The deployment, the role grants and the first admin's GETS went to the
    // chain outside the pipeline, which replays what a crash takes back: on
    // the embedded chain they are on disk before the platform says it is ready.
    await chain.durability?.save();

    let worker: Worker | undefined;
    if (config.mode !== 'api') {
      worker = await startWorker(db, {
        heartbeatIntervalMs: config.workerHeartbeatIntervalMs,
        jobs: [
          ...(await pipelineJobs({
            log,
            actions: chainActions,
            db,
            keystore,
            chain,
            contracts,
            config,
            metrics: metrics.pipeline,
            notices: statusFeed,
          })),
          ...credentialJobs(ctx),
          ...badgeJobs({ db, keystore, chain, actions: chainActions }),
          ...applicationJobs({ db, keystore, chain, actions: chainActions }),
          mailDeliveryJob({ db, mailer, log }),
          mailPruningJob({ db }),
          authPruningJob({ db, config, alsoPrune: securityRecordsToPrune }),
          consentPruningJob({ db }),
          ...uploadJobs({ db, config }),
          ...integrationJobs(ctx),
          ...reminderJobs({
            db,
            claimReminderDays: config.reminders.claimReminderDays,
            publicUrl: () => ctx.publicUrl(),
          }),
        ],
        log,
      });
      cleanups.push(() => worker!.stop());
      if (config.mode === 'worker' && config.metricsPort !== undefined) {
        const server = await serveMetrics(
          metrics.registry,
          config.host,
          config.metricsPort,
          config.metricsToken,
        );
        cleanups.push(() => server.close());
      }
    }

    if (config.mode !== 'worker') {
      const app: FastifyInstance = await buildApp(ctx);
      cleanups.push(() => app.close());
      const address = await app.listen({ port: config.port, host: config.host });
      url = displayUrl(address);
    }
    const notices = firstStartLines(firstStart, url, { everyStart: !config.production });
    if (allocation.sent) {
      notices.push(
        `First admin wallet ${allocation.sent.to} received ${allocation.sent.amount} GETS from the treasury`,
      );
    }

    return { ctx, url, notices, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function missingKekMessage(
  missing: { kekId: string; keys: number }[],
  config: Pick<Config, 'custody'>,
): string {
  const which = missing
    .map(({ kekId, keys }) => `${keys} under key-encryption key ${kekId}`)
    .join(', ');
  const source = config.custody.configured
    ? 'the configured CUSTODY_KEK'
    : `the key generated in ${config.custody.dataDir}/custody/kek`;
  return `CUSTODY_KEK: the database holds wallet keys this process cannot open (${which}); it holds ${source}. Set CUSTODY_KEK to the key with that id (or list it in CUSTODY_PREVIOUS_KEKS while a rotation rolls out), the same in every process that shares this database.`;
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${url}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** A worker serves no HTTP: without PUBLIC_URL, the URL an API process on HOST and PORT prints. */
function hostPortUrl(config: Pick<Config, 'host' | 'port'>) {
  return displayUrl(
    `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  );
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
