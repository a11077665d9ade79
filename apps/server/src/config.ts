// Configuration is read from the environment once, at start, and validated
// here; a bad value stops the start with a message naming the variable. The
// variables one by one are config-env.ts; configuration imports nothing else
// of the application (the layers above read it, never the other way).
import { integrationSettings, type IntegrationSettings } from './config-env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { DEFAULT_CHAIN_ID } from '@gets/schema';
import { envSchema } from './config-env.ts';

export type { Env } from './config-env.ts';

/** How the relay side of the pipeline packs and signs (chain/pipeline/relay.ts). */
export interface PipelineSettings {
  /** Most user requests in one executeBatch. */
  maxBatchSize: number;
  /** Most unmined batches per relayer at once. */
  maxInFlightPerRelayer: number;
  /** Seconds a signed request stays valid at the forwarder. */
  requestTtlSeconds: number;
}

/** How the settle side of the pipeline waits, re-sends and gives up (chain/pipeline/settle.ts). */
export interface SettleSettings {
  /** Re-send the latest signed bytes when no receipt came for this long. */
  resendAfterMs: number;
  /**
   * Replace with higher fees (same nonce) when still unmined this long after
   * the latest attempt was signed. Also how long a batch whose nonce the chain
   * filled, with no receipt of any attempt, waits before it is settled without one.
   */
  replaceAfterMs: number;
  /** A request skipped this many times by the forwarder fails for good. */
  maxAttempts: number;
  /**
   * Blocks that must follow a receipt's block before its outcome is final;
   * until then the batch stays pending, so a reorganised-away transaction is
   * simply sent again.
   */
  confirmations: number;
  /** Refusals in a row after which a batch's nonce is filled with a cancelling transaction. */
  cancelAfterRejections: number;
}

export type PipelineConfig = PipelineSettings &
  SettleSettings & { relayIntervalMs: number; settleIntervalMs: number };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mode: 'all' | 'api' | 'worker';
  logLevel: string;
  /** JSON lines, or pino-pretty's lines for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  /** NODE_ENV=production: what only helps a developer (the admin link at every start) is left out. */
  production: boolean;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  chain:
    | { kind: 'embedded'; chainId: number; port: number; stateFile: string }
    | { kind: 'external'; rpcUrl: string; chainId: number };
  /** Keys the server signs with; on the embedded chain, Anvil's well-known dev accounts. */
  deployerPrivateKey: `0x${string}` | undefined;
  relayerPrivateKeys: `0x${string}`[];
  treasuryAddress: `0x${string}` | undefined;
  contractAddresses: Record<string, `0x${string}`> | undefined;
  /** Key-encryption keys of the custodial wallets (see custody/key-encryption-keys.ts). */
  custody: { configured?: Buffer; previous?: Buffer[]; dataDir: string };
  pipeline: PipelineConfig;
  /**
   * Block explorer base URL for transaction links; none for the embedded chain,
   * where links go to the web app's own page /tx/{hash} (chain/transaction-link.ts).
   */
  explorerUrl: string | undefined;
  /**
   * The platform's public base URL (no trailing slash): the issuer of its
   * credentials and the links inside them. Unset, the URL the server prints.
   */
  publicUrl: string | undefined;
  sessionTtlMs: number;
  webDistDir: string;
  workerHeartbeatIntervalMs: number;
  /** OTP mail: SMTP when smtpUrl is set, else the outbox table and the console. */
  mail: { smtpUrl: string | undefined; from: string };
  /**
   * Health answers 503 once requests wait (QUEUED, nothing of their wallet in
   * flight) with no relay transaction sent for longer than maxQueueAgeMs, or
   * when no relayer can pay for gas; degraded when one cannot, or holds less
   * than relayerLowBalanceWei.
   */
  health: { maxQueueAgeMs: number; relayerLowBalanceWei: bigint };
  /**
   * Fair use of the relayers by each account: chain actions in flight (QUEUED
   * or SENT) at once, and relayer gas per UTC day.
   */
  accountLimits: { maxInFlight: number; dailyGas: bigint };
  /** Redis for counts every API process shares (per-IP limits); unset: the database or memory. */
  redisUrl: string | undefined;
  /** A port on which a worker-only process serves its Prometheus metrics. */
  metricsPort: number | undefined;
  /**
   * The bearer token a scraper beyond this machine sends for the metrics;
   * unset, they are served only to clients on this machine.
   */
  metricsToken: string | undefined;
  /**
   * Proxies in front whose X-Forwarded-* headers are believed (client address,
   * https), as Fastify's trustProxy takes them: their addresses or ranges, or
   * how many there are (the client is that many hops before the socket);
   * `true` (everyone) only in development. Set, the server also sends HSTS.
   */
  trustProxy: boolean | number | string[];
  /** The first admin, created at first start; a password is generated when none is given. */
  firstAdmin: {
    email: string;
    password: string | undefined;
    /** ADMIN_TOTP_SECRET: their authenticator app, enrolled with them (never printed or logged). */
    totpSecret: string | undefined;
  };
  /** Secret of the /admin/login#<secret> fragment; generated once and stored when not given. */
  adminLoginSecret: string | undefined;
  rateLimits: {
    perIp: { max: number; windowMs: number };
    perAccount: { max: number; windowMs: number };
    /**
     * Wrong guesses of one-time codes allowed per email, across IPs, codes and
     * purposes, in each window; spent, the email's codes are refused until it ends.
     */
    otpGuesses: { max: number; windowMs: number };
    /** Calls that read the chain or verify a signature for anyone (GET /verify/{id}, /platform, /health), per IP and route. */
    publicReadsPerIp: { max: number; windowMs: number };
    /**
     * Logins to one account from all IPs together: after `freeAttempts` in a
     * row without success, each further attempt waits twice as long as the
     * one before (1 s, 2 s, 4 s ...) up to `maxDelayMs`; never a lockout.
     */
    loginDelay: { freeAttempts: number; maxDelayMs: number };
  };
  /**
   * The public chain reads' own client: JSON-RPC calls at once and a second
   * (chain/public-reads.ts); and credential verifications anyone may ask for
   * (signature checks, a few tens of ms of CPU each) started a second.
   */
  publicReads: { concurrency: number; perSecond: number; verificationsPerSecond: number };
  /** anonymousPerIpPerHour: uploads without a session (the registration picture) per IP and hour. */
  uploads: {
    dir: string;
    maxBytes: number;
    anonymousPerIpPerHour: number;
    /**
     * Images are decoded in processes of their own (modules/uploads/image-workers.ts):
     * how many, how many images may wait for one, and the seconds one image may take.
     */
    imageWork: { workers: number; queue: number; seconds: number };
    /** What one account's uploads may hold, every upload it made and still stored together. */
    perAccount: { files: number; bytes: number };
    /** A signed-in upload nothing refers to this long after its last upload is deleted. */
    unusedKeptMs: number;
  };
  /** GETS (18-decimal units) the first admin's wallet receives from the treasury at first start; 0: none. */
  firstAdminGetsUnits: bigint;
  /** Where the GET TOKENS links lead (read by the web app at run time). */
  exchangeUrl: string;
  /** Reminder emails: an approved earner is reminded this many days before the claim period ends. */
  reminders: { claimReminderDays: number };
  /**
   * Invitation mails of whitelist CSVs one sponsor may send in a UTC day, and
   * whitelist CSV calls (preview, confirm) one sponsor may make in an hour.
   */
  invitations: { perSponsorPerDay: number; csvCallsPerSponsorPerHour: number };
  integrations: IntegrationSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Keys of Anvil's default mnemonic accounts 0-2, which Anvil funds at genesis.
 * Only ever used against the embedded Anvil chain; never for an external chain.
 */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_DEV_KEYS = [0, 1, 2].map((addressIndex) =>
  toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }).getHdKey().privateKey!),
) as [`0x${string}`, `0x${string}`, `0x${string}`];

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Whether a listen address only serves this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Secrets may come as files (a secret manager's or an orchestrator's mount):
 * NAME_FILE holds the path of a file whose content is NAME.
 */
const SECRET_FILES = [
  'CUSTODY_KEK',
  'CUSTODY_PREVIOUS_KEKS',
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
] as const;

function readSecretFiles(env: Record<string, string>): Record<string, string> {
  const read: Record<string, string> = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_FILES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) problems.push(`${name}_FILE: ${name} is set too; set one of them`);
    try {
      read[name] = fs.readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
    delete read[`${name}_FILE`];
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return read;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  terminal: { stdoutIsTTY: boolean } = { stdoutIsTTY: process.stdout.isTTY === true },
): Config {
  // Empty strings count as unset, as shells often export VAR= for "nothing".
  const present = readSecretFiles(
    Object.fromEntries(
      Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]),
    ),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);

  const problems: string[] = [];
  if (e.MODE !== 'all' && !e.CUSTODY_KEK) {
    problems.push(
      `CUSTODY_KEK: required with MODE=${e.MODE}: every API and worker process must open the same custodial keys, and a key generated by one process would lock the others out`,
    );
  }
  if (e.MODE !== 'worker' && !isLoopback(e.HOST) && !e.SMTP_URL && e.MAIL_OUTBOX !== true) {
    problems.push(
      `SMTP_URL: required when HOST=${e.HOST} serves other machines, so one-time codes are mailed and never only printed to a console; set MAIL_OUTBOX=true to keep mail in the outbox anyway`,
    );
  }
  if (e.CHAIN_RPC_URL && !e.CONTRACT_ADDRESSES && !e.DEPLOYER_PRIVATE_KEY) {
    problems.push(
      'DEPLOYER_PRIVATE_KEY: required with CHAIN_RPC_URL unless CONTRACT_ADDRESSES is given (the contracts are deployed on first start)',
    );
  }
  if (e.CHAIN_RPC_URL && !e.RELAYER_PRIVATE_KEYS) {
    problems.push(
      'RELAYER_PRIVATE_KEYS: required with CHAIN_RPC_URL (relayers pay the gas of users)',
    );
  }
  if (e.WEBHOOK_ALLOW_PRIVATE_NETWORKS && e.NODE_ENV === 'production') {
    problems.push(
      "WEBHOOK_ALLOW_PRIVATE_NETWORKS: true would let any sponsor's webhook reach the operator's own network (databases, cloud metadata); it is for development and tests only and is refused with NODE_ENV=production",
    );
  }
  if (e.TRUST_PROXY === true && e.NODE_ENV !== 'development') {
    problems.push(
      "TRUST_PROXY: true believes X-Forwarded-For from every client, so anyone could choose the address the per-IP limits count; give the proxies' addresses or ranges (10.0.0.1,10.0.0.0/8) or their number (1). true is taken only with NODE_ENV=development",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const embedded = !e.CHAIN_RPC_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mode: e.MODE,
    logLevel: e.LOG_LEVEL,
    // Unset: pretty for a person at a terminal, JSON in production and when
    // piped (to a collector, a test runner, CI).
    production: e.NODE_ENV === 'production',
    logFormat:
      e.LOG_FORMAT ?? (terminal.stdoutIsTTY && e.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    chain: e.CHAIN_RPC_URL
      ? { kind: 'external', rpcUrl: e.CHAIN_RPC_URL, chainId: e.CHAIN_ID }
      : {
          kind: 'embedded',
          chainId: e.CHAIN_ID,
          port: e.ANVIL_PORT,
          stateFile: path.join(dataDir, 'anvil', 'state.json'),
        },
    deployerPrivateKey: (e.DEPLOYER_PRIVATE_KEY ?? (embedded ? ANVIL_DEV_KEYS[0] : undefined)) as
      `0x${string}` | undefined,
    relayerPrivateKeys: (e.RELAYER_PRIVATE_KEYS ??
      (embedded ? [ANVIL_DEV_KEYS[1], ANVIL_DEV_KEYS[2]] : [])) as `0x${string}`[],
    treasuryAddress: e.TREASURY_ADDRESS as `0x${string}` | undefined,
    contractAddresses: e.CONTRACT_ADDRESSES as Record<string, `0x${string}`> | undefined,
    custody: {
      ...(e.CUSTODY_KEK ? { configured: e.CUSTODY_KEK } : {}),
      ...(e.CUSTODY_PREVIOUS_KEKS ? { previous: e.CUSTODY_PREVIOUS_KEKS } : {}),
      dataDir,
    },
    pipeline: {
      maxBatchSize: e.PIPELINE_BATCH_SIZE,
      maxInFlightPerRelayer: 4,
      requestTtlSeconds: 3600,
      resendAfterMs: e.PIPELINE_RESEND_AFTER_MS,
      replaceAfterMs: e.PIPELINE_REPLACE_AFTER_MS,
      // Anvil never reorganises; a public chain can, for a few blocks.
      confirmations: e.PIPELINE_CONFIRMATIONS ?? (e.CHAIN_RPC_URL ? 5 : 0),
      maxAttempts: 5,
      cancelAfterRejections: 3,
      relayIntervalMs: 50,
      settleIntervalMs: 100,
    },
    explorerUrl:
      e.EXPLORER_URL ??
      (e.CHAIN_RPC_URL && e.CHAIN_ID === DEFAULT_CHAIN_ID ? 'https://polygonscan.com' : undefined),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 60 * 60 * 1000,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    workerHeartbeatIntervalMs: e.WORKER_HEARTBEAT_INTERVAL_MS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    health: {
      maxQueueAgeMs: e.HEALTH_MAX_QUEUE_AGE_SECONDS * 1000,
      relayerLowBalanceWei: e.RELAYER_LOW_BALANCE,
    },
    accountLimits: {
      maxInFlight: e.ACCOUNT_MAX_IN_FLIGHT,
      dailyGas: BigInt(e.ACCOUNT_DAILY_GAS),
    },
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    firstAdmin: {
      email: e.ADMIN_EMAIL.toLowerCase(),
      password: e.ADMIN_PASSWORD,
      totpSecret: e.ADMIN_TOTP_SECRET,
    },
    adminLoginSecret: e.ADMIN_LOGIN_SECRET,
    rateLimits: {
      perIp: { max: e.RATE_LIMIT_IP_MAX, windowMs: e.RATE_LIMIT_IP_WINDOW_SECONDS * 1000 },
      perAccount: {
        max: e.RATE_LIMIT_ACCOUNT_MAX,
        windowMs: e.RATE_LIMIT_ACCOUNT_WINDOW_SECONDS * 1000,
      },
      otpGuesses: { max: e.OTP_GUESSES_PER_ACCOUNT_PER_HOUR, windowMs: 3_600_000 },
      publicReadsPerIp: {
        max: e.RATE_LIMIT_PUBLIC_READ_IP_MAX ?? 4 * e.RATE_LIMIT_IP_MAX,
        windowMs: e.RATE_LIMIT_IP_WINDOW_SECONDS * 1000,
      },
      loginDelay: {
        freeAttempts: e.LOGIN_ATTEMPTS_BEFORE_DELAY,
        maxDelayMs: e.LOGIN_DELAY_MAX_SECONDS * 1000,
      },
    },
    publicReads: {
      concurrency: e.PUBLIC_READ_RPC_CONCURRENCY,
      perSecond: e.PUBLIC_READ_RPC_PER_SECOND,
      verificationsPerSecond: e.PUBLIC_VERIFICATIONS_PER_SECOND,
    },
    uploads: {
      dir: path.join(dataDir, 'uploads'),
      maxBytes: e.UPLOAD_MAX_BYTES,
      anonymousPerIpPerHour: e.ANONYMOUS_UPLOADS_PER_IP_PER_HOUR,
      imageWork: {
        workers: e.UPLOAD_IMAGE_WORKERS,
        queue: e.UPLOAD_IMAGE_QUEUE,
        seconds: e.UPLOAD_IMAGE_SECONDS,
      },
      perAccount: { files: e.UPLOADS_PER_ACCOUNT, bytes: e.UPLOAD_BYTES_PER_ACCOUNT },
      unusedKeptMs: e.UNUSED_UPLOADS_KEPT_HOURS * 3_600_000,
    },
    firstAdminGetsUnits: e.FIRST_ADMIN_GETS,
    exchangeUrl: e.EXCHANGE_URL,
    reminders: { claimReminderDays: e.CLAIM_REMINDER_DAYS },
    invitations: {
      perSponsorPerDay: e.INVITATIONS_PER_SPONSOR_PER_DAY,
      csvCallsPerSponsorPerHour: e.WHITELIST_CSV_CALLS_PER_HOUR,
    },
    integrations: integrationSettings(e),
  };
}
