// Per-IP limits of the login, OTP and reset calls (@fastify/rate-limit,
// in memory per process); the per-account limits are in attempt-limits.ts.
import type { FastifyRequest } from 'fastify';
import { tooManyAttemptsMessage } from '@gets/schema';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

/** Plugin options: only routes that carry config.rateLimit are limited. */
export const rateLimitPluginOptions = {
  global: false,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(429, tooManyAttemptsMessage(Math.max(1, Math.ceil(context.ttl / 1000)))),
};

/** The route config of a call limited per IP. */
export const perIpLimit = (config: Pick<Config, 'rateLimits'>) => ({
  rateLimit: {
    max: config.rateLimits.perIp.max,
    timeWindow: config.rateLimits.perIp.windowMs,
  },
});
