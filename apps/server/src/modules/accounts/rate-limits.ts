// Per-IP limits of the login, OTP and reset calls (@fastify/rate-limit),
// counted where every API process sees them (rate-limit-store.ts); the
// per-account limits are in attempt-limits.ts.
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyAttemptsMessage } from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * Plugin options: only routes that carry config.rateLimit are limited. Counts
 * go to Redis when it is configured, to PostgreSQL when that is the database
 * (several API processes may share it), else they stay in this one process.
 */
export function rateLimitPluginOptions(db: Database, redis: Redis | undefined, deployment: string) {
  return {
    global: false,
    ...(redis
      ? // One deployment's counts apart from another's on a shared Redis.
        { redis, nameSpace: `gets-rate-limit:${deployment}:` }
      : db.driver === 'postgres'
        ? { store: databaseRateLimitStore(db) }
        : {}),
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(429, tooManyAttemptsMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
  };
}

/** The route config of a call limited per IP. */
export const perIpLimit = (config: Pick<Config, 'rateLimits'>) => ({
  rateLimit: {
    max: config.rateLimits.perIp.max,
    timeWindow: config.rateLimits.perIp.windowMs,
  },
});
