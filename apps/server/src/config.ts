// Configuration is read from the environment once, at start, and validated
// here; a bad value stops the start with a message naming the variable.
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEther, toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { z } from 'zod';
import {
  DEFAULT_CHAIN_ID,
  EXTERNAL_LINKS,
  INVITATIONS_PER_SPONSOR_PER_DAY,
  isValidEmail,
  parseGetsAmount,
  passwordSchema,
} from '@gets/schema';
import type { PipelineConfig } from './chain/pipeline/pipeline.ts';
import { parseKek } from './custody/key-encryption-keys.ts';

const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');
const url = (protocols: string[]) =>
  z.url({ error: 'must be a URL' }).refine((value) => protocols.some((p) => value.startsWith(p)), {
    error: `must start with ${protocols.join(' or ')}`,
  });

/** An IP address, or a range of them in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const count = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1');

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  MODE: z
    .enum(['all', 'api', 'worker'], { error: 'must be one of all, api, worker' })
    .default('all'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DATABASE_URL: url(['postgres://', 'postgresql://']).optional(),
  CHAIN_RPC_URL: url(['http://', 'https://']).optional(),
  CHAIN_ID: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .positive()
    .default(DEFAULT_CHAIN_ID),
  ANVIL_PORT: port.default(0),
  DEPLOYER_PRIVATE_KEY: privateKey.optional(),
  RELAYER_PRIVATE_KEYS: z
    .string()
    .transform((value) => value.split(',').map((key) => key.trim()))
    .pipe(z.array(privateKey).min(1, 'must list at least one key'))
    .optional(),
  TREASURY_ADDRESS: address.optional(),
  CONTRACT_ADDRESSES: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of contract addresses' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), address, { error: 'must be a JSON object of contract addresses' }))
    .optional(),
  CUSTODY_KEK: z
    .string()
    .transform((value, ctx) => {
      try {
        return parseKek(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  CUSTODY_PREVIOUS_KEKS: z
    .string()
    .transform((value, ctx) => {
      try {
        return value.split(',').map((part) => parseKek(part));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `each key ${(error as Error).message}` });
        return z.NEVER;
      }
    })
    .optional(),
  PIPELINE_BATCH_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(500)
    .default(100),
  PIPELINE_REPLACE_AFTER_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1000)
    .default(30_000),
  PIPELINE_RESEND_AFTER_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100)
    .default(5_000),
  PIPELINE_CONFIRMATIONS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of blocks')
    .min(0, 'must be 0 or more')
    .max(1000, 'must be at most 1000')
    .optional(),
  EXPLORER_URL: url(['http://', 'https://']).optional(),
  PUBLIC_URL: url(['http://', 'https://'])
    .refine((value) => !/[?#]/.test(value), {
      error: 'must be a base URL without query or fragment',
    })
    .optional(),
  SESSION_TTL_HOURS: z.coerce.number({ error: 'must be a number' }).positive().default(24),
  WEB_DIST_DIR: z.string().min(1).optional(),
  WORKER_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  SMTP_URL: url(['smtp://', 'smtps://']).optional(),
  MAIL_OUTBOX: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  HEALTH_MAX_QUEUE_AGE_SECONDS: count.default(120),
  ACCOUNT_MAX_IN_FLIGHT: count.default(10),
  ACCOUNT_DAILY_GAS: count.default(50_000_000),
  RELAYER_LOW_BALANCE: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, "must be an amount of the chain's native coin, e.g. 1 or 0.5")
    .transform((value) => parseEther(value))
    .default(parseEther('1')),
  REDIS_URL: url(['redis://', 'rediss://']).optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops >= 1 && hops <= 100) return hops;
      } else {
        const list = value.split(',').map((part) => part.trim());
        if (list.every(isAddressOrRange)) return list;
      }
      ctx.addIssue({
        code: 'custom',
        message:
          "must be a comma-separated list of the proxies' addresses or ranges (10.0.0.1,10.0.0.0/8) or the number of proxies in front (1 to 100)",
      });
      return z.NEVER;
    })
    .optional(),
  NODE_ENV: z.string().optional(),
  METRICS_PORT: port.optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 printable characters without spaces')
    .optional(),
  MAIL_FROM: z.string().min(3).default('GETS Badges <no-reply@gets-badges.local>'),
  ADMIN_EMAIL: z
    .string()
    .refine(isValidEmail, { error: 'must be a valid email address' })
    .default('admin@gets-badges.local'),
  ADMIN_PASSWORD: z
    .string()
    .refine((value) => passwordSchema.safeParse(value).success, {
      error: (issue) =>
        `does not meet the password rules: ${passwordSchema
          .safeParse(issue.input)
          .error?.issues.map((i) => i.message)
          .join('; ')}`,
    })
    .optional(),
  ADMIN_LOGIN_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, - or _')
    .optional(),
  RATE_LIMIT_IP_MAX: count.default(30),
  RATE_LIMIT_IP_WINDOW_SECONDS: count.default(60),
  RATE_LIMIT_ACCOUNT_MAX: count.default(10),
  RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: count.default(900),
  OTP_GUESSES_PER_ACCOUNT_PER_HOUR: count.default(10),
  UPLOAD_MAX_BYTES: count.default(5 * 1024 * 1024),
  ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: count.default(20),
  FIRST_ADMIN_GETS: z
    .string()
    .transform((value, ctx) => {
      if (/^0+(\.0*)?$/.test(value)) return 0n;
      const checked = parseGetsAmount(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: `must be a GETS amount or 0: ${checked.message}` });
        return z.NEVER;
      }
      return checked.units;
    })
    .default(1_000_000n * 10n ** 18n),
  EXCHANGE_URL: url(['https://', 'http://']).default(EXTERNAL_LINKS.exchange),
  CLAIM_REMINDER_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(365, 'must be at most 365')
    .default(3),
  INVITATIONS_PER_SPONSOR_PER_DAY: count
    .max(100_000, 'must be at most 100000')
    .default(INVITATIONS_PER_SPONSOR_PER_DAY),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mode: 'all' | 'api' | 'worker';
  logLevel: string;
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
  /** Block explorer base URL for transaction links; none for the embedded chain. */
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
  firstAdmin: { email: string; password: string | undefined };
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
  };
  /** anonymousPerIpPerHour: uploads without a session (the registration picture) per IP and hour. */
  uploads: { dir: string; maxBytes: number; anonymousPerIpPerHour: number };
  /** GETS (18-decimal units) the first admin's wallet receives from the treasury at first start; 0: none. */
  firstAdminGetsUnits: bigint;
  /** Where the GET TOKENS links lead (read by the web app at run time). */
  exchangeUrl: string;
  /** Reminder emails: an approved earner is reminded this many days before the claim period ends. */
  reminders: { claimReminderDays: number };
  /** Invitation mails of whitelist CSVs one sponsor may send in a UTC day. */
  invitations: { perSponsorPerDay: number };
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

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
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
    firstAdmin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    adminLoginSecret: e.ADMIN_LOGIN_SECRET,
    rateLimits: {
      perIp: { max: e.RATE_LIMIT_IP_MAX, windowMs: e.RATE_LIMIT_IP_WINDOW_SECONDS * 1000 },
      perAccount: {
        max: e.RATE_LIMIT_ACCOUNT_MAX,
        windowMs: e.RATE_LIMIT_ACCOUNT_WINDOW_SECONDS * 1000,
      },
      otpGuesses: { max: e.OTP_GUESSES_PER_ACCOUNT_PER_HOUR, windowMs: 3_600_000 },
    },
    uploads: {
      dir: path.join(dataDir, 'uploads'),
      maxBytes: e.UPLOAD_MAX_BYTES,
      anonymousPerIpPerHour: e.ANONYMOUS_UPLOADS_PER_IP_PER_HOUR,
    },
    firstAdminGetsUnits: e.FIRST_ADMIN_GETS,
    exchangeUrl: e.EXCHANGE_URL,
    reminders: { claimReminderDays: e.CLAIM_REMINDER_DAYS },
    invitations: { perSponsorPerDay: e.INVITATIONS_PER_SPONSOR_PER_DAY },
  };
}
