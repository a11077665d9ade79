// What the HTTP handlers and services of every module are given.
import type { Config } from './config.ts';
import type { ChainConnection } from './chain/chain.ts';
import type { DeploymentRecord } from './chain/deployment-repository.ts';
import type { Database } from './db/database.ts';
import type { Keystore } from './custody/keystore.ts';
import type { StatusFeed } from './chain/pipeline/status-feed.ts';
import type { Redis } from 'ioredis';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './chain/pipeline/metrics.ts';
import type { SessionEvents, SessionLookup, SignInSteps } from './http/sessions.ts';
import type { ActionRegistry } from './chain/action-registry.ts';
import type { ConsentFactorPrompt } from './custody/consent-factor.ts';
import type { PlatformContracts } from '@gets/contracts';

export interface AppContext {
  config: Config;
  db: Database;
  chain: ChainConnection;
  deployment: DeploymentRecord;
  contracts: PlatformContracts;
  keystore: Keystore;
  statusFeed: StatusFeed;
  /** OTP mail: SMTP (SMTP_URL) or the outbox of the embedded default. */
  mailer: Mailer;
  /** The callers' sessions, read by the HTTP guards (the accounts module's). */
  sessions: SessionLookup;
  /** Revocations of sessions, from any process: open streams end with their session. */
  sessionEvents: SessionEvents;
  /** The platform's chain actions, composed at the root (src/actions.ts). */
  actions: ActionRegistry;
  /**
   * How a consent asks a person with a second factor for it (the security
   * module's, composed at the root); without it, a consent of such a person
   * is still refused until confirmed, but its answer carries no prompt.
   */
  consentFactors?: ConsentFactorPrompt;
  /** A sign-in's second factor and new-browser mail (the security module's, composed at the root). */
  signIn: SignInSteps;
  /** Prometheus registry of this process (pipeline and queue metrics). */
  metrics: Metrics;
  /** The relayers' addresses (RELAYER_PRIVATE_KEYS), for health and metrics. */
  relayerAddresses: `0x${string}`[];
  /** Redis (REDIS_URL), for counts every API process shares. */
  redis?: Redis;
  /** This deployment's id (one per database), generated at the first start. */
  instanceId: string;
  /**
   * The platform's public base URL: PUBLIC_URL, else the URL this process
   * listens on; undefined only before the HTTP server listens.
   */
  publicUrl(): string | undefined;
}
