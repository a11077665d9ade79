import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  healthResponseSchema,
  publicHealthResponseSchema,
  type HealthData,
} from '@gets/schema';
import { forHealthReads } from '../../chain/chain.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { metricsAccess } from '../../http/metrics-access.ts';
import { shortCache } from '../../http/short-cache.ts';
import { healthLimit } from '../accounts/rate-limits.ts';
import { checkHealth } from './service.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Health is public: its chain reads go on a client of their own (never the
  // pipeline's), and callers that ask while a check runs share it (never an
  // older answer).
  const healthReads = { ...ctx, chain: forHealthReads(ctx.chain) };
  const checks = shortCache<'health', HealthData>({ ttlMs: 0, maxEntries: 1 });
  const behindProxy = {
    behindProxy: ctx.config.trustProxy !== false && ctx.config.trustProxy !== 0,
  };
  return async (app) => {
    app.get(
      '/health',
      {
        config: healthLimit(ctx.config),
        schema: {
          tags: ['platform'],
          summary: 'Whether the database, the chain and the background worker are up',
          response: {
            200: z.union([healthResponseSchema, publicHealthResponseSchema]),
            503: z.union([healthResponseSchema, publicHealthResponseSchema]),
            429: errorResponseSchema,
            500: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const health = await checks.get('health', () => checkHealth(healthReads));
        const status = health.status === 'down' ? 503 : 200;
        // The parts (relayer addresses and balances, queue ages, errors) are an operator's:
        // to this machine or the metrics token, as the metrics are; anyone else gets the word.
        if (!metricsAccess(request.raw, ctx.config.metricsToken, behindProxy).allowed) {
          return reply.status(status).send({
            message: healthMessage({ status: health.status }),
            data: { status: health.status },
          });
        }
        return reply.status(status).send({ message: healthMessage(health), data: health });
      },
    );

    app.get(
      '/metrics',
      {
        onRequest: async (request, reply) => {
          const access = metricsAccess(request.raw, ctx.config.metricsToken, behindProxy);
          if (access.allowed) return;
          if (access.status === 401) reply.header('www-authenticate', 'Bearer');
          throw new AppError(access.status, access.message);
        },
        schema: {
          tags: ['platform'],
          summary:
            'Prometheus metrics: queue depth, oldest queued age, finished transactions by action, batch sizes, confirmation latency. Only to this machine, or with Authorization: Bearer <METRICS_TOKEN>',
        },
      },
      async (_request, reply) => {
        const body = await ctx.metrics.registry.metrics();
        return reply.type(ctx.metrics.registry.contentType).send(body);
      },
    );
  };
}

const PARTS = ['database', 'chain', 'worker', 'queue', 'relayers'] as const;

/**
 * "All systems up", "Some systems are degraded: relayers (relayer 0x… cannot
 * pay for gas …)", or "Some systems are down: queue (requests have waited …)";
 * without the parts (the public answer), only "Some systems are down".
 */
function healthMessage(health: Pick<HealthData, 'status'> & Partial<HealthData>): string {
  if (health.status === 'up') return 'All systems up';
  const named = PARTS.filter((part) => health[part]?.status === health.status).map(
    (part) => `${part}${health[part]?.error ? ` (${health[part]?.error})` : ''}`,
  );
  return `Some systems are ${health.status}${named.length ? `: ${named.join('; ')}` : ''}`;
}
