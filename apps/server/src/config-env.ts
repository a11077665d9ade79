// The environment variables the server reads, each parsed and checked on
// its own (config.ts then checks them together and shapes the Config). Owned
// by configuration: nothing here imports the application.
import { isIP } from 'node:net';
import { parseEther } from 'viem';
import { z } from 'zod';
import {
  DEFAULT_CHAIN_ID,
  EXTERNAL_LINKS,
  INVITATIONS_PER_SPONSOR_PER_DAY,
  isValidEmail,
  WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR,
  parseGetsAmount,
  passwordSchema,
} from '@gets/schema';

/** AES-256: the key-encryption keys custody seals wallet keys with (custody/envelope.ts). */
const KEK_BYTES = 32;

/** A key-encryption key as configured (CUSTODY_KEK, a kek file): 64 hex digits or base64 of 32 bytes. */
export function parseKek(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^(0x)?[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed.replace(/^0x/, ''), 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEK_BYTES) {
    throw new Error(`must be ${KEK_BYTES} bytes, as 64 hex digits or base64`);
  }
  return key;
}

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

/** Public chain reads (verification, /platform, /health): calls at once and a second. */
export const PUBLIC_READ_RPC_DEFAULTS = { concurrency: 4, perSecond: 20 } as const;

export const envSchema = z.object({
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
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
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
  // Issue 46: calls one sponsor API key may make in a minute, whatever its IP.
  API_KEY_CALLS_PER_MINUTE: count.default(120),
  // Lets webhooks reach private, loopback and link-local addresses (and plain
  // http): for development and tests only; refused with NODE_ENV=production.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false),
  WEBHOOK_TIMEOUT_MS: count.max(30_000, 'must be at most 30000').default(10_000),
  // Test events and resends one sponsor may ask for in an hour: each makes the
  // worker call a URL the sponsor chose.
  WEBHOOK_MANUAL_SENDS_PER_HOUR: count.default(30),
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
  // The first admin's authenticator app, enrolled at the first start (base32,
  // as an app's "enter a setup key" takes it): provisioning without a browser.
  ADMIN_TOTP_SECRET: z
    .string()
    .transform((value) => value.replace(/[\s=]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z2-7]{16,128}$/, 'must be a base32 secret of 16 to 128 characters'))
    .optional(),
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
  // Unset: four times RATE_LIMIT_IP_MAX (config.ts), so a test or a proxy setup
  // that raises the one raises the other.
  RATE_LIMIT_PUBLIC_READ_IP_MAX: count.optional(),
  PUBLIC_READ_RPC_CONCURRENCY: count.default(PUBLIC_READ_RPC_DEFAULTS.concurrency),
  PUBLIC_READ_RPC_PER_SECOND: count.default(PUBLIC_READ_RPC_DEFAULTS.perSecond),
  PUBLIC_VERIFICATIONS_PER_SECOND: count.default(5),
  LOGIN_ATTEMPTS_BEFORE_DELAY: count.default(10),
  LOGIN_DELAY_MAX_SECONDS: count.default(900),
  UPLOAD_MAX_BYTES: count.default(5 * 1024 * 1024),
  ANONYMOUS_UPLOADS_PER_IP_PER_HOUR: count.default(20),
  UPLOAD_IMAGE_WORKERS: count.max(64, 'must be at most 64').default(1),
  UPLOAD_IMAGE_QUEUE: count.max(1000, 'must be at most 1000').default(4),
  UPLOAD_IMAGE_SECONDS: count.max(300, 'must be at most 300').default(10),
  UPLOADS_PER_ACCOUNT: count.default(500),
  UPLOAD_BYTES_PER_ACCOUNT: count.default(500 * 1024 * 1024),
  UNUSED_UPLOADS_KEPT_HOURS: count.max(8760, 'must be at most 8760 (a year)').default(24),
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
  WHITELIST_CSV_CALLS_PER_HOUR: count
    .max(100_000, 'must be at most 100000')
    .default(WHITELIST_CSV_CALLS_PER_SPONSOR_PER_HOUR),
});

export type Env = z.input<typeof envSchema>;

/** API keys and webhooks (issue 46); private networks: development and tests only. */
export interface IntegrationSettings {
  apiKeyCallsPerMinute: number;
  webhookAllowPrivateNetworks: boolean;
  webhookTimeoutMs: number;
  webhookManualSendsPerHour: number;
}

export const integrationSettings = (e: z.output<typeof envSchema>): IntegrationSettings => ({
  apiKeyCallsPerMinute: e.API_KEY_CALLS_PER_MINUTE,
  webhookAllowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
  webhookManualSendsPerHour: e.WEBHOOK_MANUAL_SENDS_PER_HOUR,
});
