import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema, type HealthData } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { metricsAccess } from '../../http/metrics-access.ts';
import { checkHealth } from './service.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['platform'],
          summary: 'Whether the database, the chain and the background worker are up',
          response: {
            200: healthResponseSchema,
            503: healthResponseSchema,
            500: errorResponseSchema,
          },
        },
      },
      async (_request, reply) => {
        const health = await checkHealth(ctx);
        return reply
          .status(health.status === 'down' ? 503 : 200)
          .send({ message: healthMessage(health), data: health });
      },
    );

    app.get(
      '/metrics',
      {
        onRequest: async (request, reply) => {
          const access = metricsAccess(request.raw, ctx.config.metricsToken);
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
 * pay for gas …)", or "Some systems are down: queue (requests have waited …)".
 */
function healthMessage(health: HealthData): string {
  if (health.status === 'up') return 'All systems up';
  const named = PARTS.filter((part) => health[part].status === health.status).map(
    (part) => `${part}${health[part].error ? ` (${health[part].error})` : ''}`,
  );
  return `Some systems are ${health.status}: ${named.join('; ')}`;
}
