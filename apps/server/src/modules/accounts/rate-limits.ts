// Per-IP limits of the login, OTP and reset calls, and of the public calls
// that read the chain or verify signatures (@fastify/rate-limit), counted
// where every API process sees them (rate-limit-store.ts) under the client's
// key (an IPv6 client's /64: http/client-key.ts); the per-account limits are
// in attempt-limits.ts.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  API_KEY_PREFIX,
  INTEGRATION_MESSAGES,
  tooManyAttemptsMessage,
  tooManyRequestsMessage,
} from '@gets/schema';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { clientKey } from '../../http/client-key.ts';
import { actorOf, bearerToken } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { metricsAccess } from '../../http/metrics-access.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** Seconds until the window ends, as @fastify/rate-limit hands them to an error builder. */
const secondsLeft = (context: { ttl: number }) => Math.max(1, Math.ceil(context.ttl / 1000));

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
    keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(429, tooManyAttemptsMessage(secondsLeft(context))),
  };
}

/** The route config of a call limited per IP. */
export const perIpLimit = (config: Pick<Config, 'rateLimits'>) => ({
  rateLimit: {
    max: config.rateLimits.perIp.max,
    timeWindow: config.rateLimits.perIp.windowMs,
  },
});

/**
 * The route config of a public call that reads the chain or verifies a
 * signature (GET /verify/{id}, /platform, /health): its own, larger allowance
 * per IP (a page load makes such reads), told as requests rather than attempts.
 */
export const publicReadLimit = (config: Pick<Config, 'rateLimits'>) => ({
  rateLimit: {
    max: config.rateLimits.publicReadsPerIp.max,
    timeWindow: config.rateLimits.publicReadsPerIp.windowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError(429, tooManyRequestsMessage(secondsLeft(context))),
  },
});

/**
 * /health's: the public-read limit, except for a monitor on this machine (a
 * container's health check, a supervisor), judged as the metrics are, by the
 * socket and never a header: it polls as often as it likes, and /health
 * shares one check among callers anyway.
 */
export const healthLimit = (config: Pick<Config, 'rateLimits'>) => {
  const { rateLimit } = publicReadLimit(config);
  return {
    rateLimit: {
      ...rateLimit,
      allowList: (request: FastifyRequest) => metricsAccess(request.raw, undefined).allowed,
    },
  };
};

/**
 * An onRequest hook that counts a call per IP, for a route whose own
 * config.rateLimit counts something else (the whitelist CSV calls: per
 * sponsor): the plugin runs one route limit per request, so this one is a
 * limiter of its own, counted under `scope` apart from every route's.
 */
export function perIpHook(app: FastifyInstance, config: Pick<Config, 'rateLimits'>, scope: string) {
  return countingHook(app, {
    max: config.rateLimits.perIp.max,
    timeWindow: config.rateLimits.perIp.windowMs,
    key: (request) => `${scope} ${clientKey(request.ip)}`,
  });
}

/**
 * An onRequest hook, after the sign-in hook, that counts the signed-in
 * account's calls of every route it is given to, together under `scope`
 * (the plugin's route limits keep one count per route).
 */
export function perActorHook(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number },
  scope: string,
) {
  return countingHook(app, { ...limit, key: (request) => `${scope} ${actorOf(request).id}` });
}

function countingHook(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number; key: (request: FastifyRequest) => string },
) {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: limit.key,
  });
  return async (request: FastifyRequest) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw new AppError(429, tooManyAttemptsMessage(Math.max(1, counted.ttlInSeconds)));
    }
  };
}

/**
 * An onRequest hook that counts the calls of each sponsor API key (a bearer
 * with the key prefix; its hash is the count's key, so an unknown key is
 * counted too): API_KEY_CALLS_PER_MINUTE, whatever IPs it calls from.
 */
export function perApiKeyHook(app: FastifyInstance, config: Pick<Config, 'integrations'>) {
  const count = app.createRateLimit({
    max: config.integrations.apiKeyCallsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `api-key ${createHash('sha256')
        .update(apiKeyOf(request) ?? '')
        .digest('base64url')}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!apiKeyOf(request)) return;
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) {
      const seconds = Math.max(1, counted.ttlInSeconds);
      void reply.header('retry-after', String(seconds));
      throw new AppError(429, INTEGRATION_MESSAGES.keyTooManyCalls(seconds));
    }
  };
}

function apiKeyOf(request: FastifyRequest): string | undefined {
  const token = bearerToken(request);
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}
