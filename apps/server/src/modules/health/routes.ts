import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema } from '@gets/schema';
import type { AppContext } from '../../context.ts';
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
        const up = health.status === 'up';
        return reply
          .status(up ? 200 : 503)
          .send({ message: up ? 'All systems up' : 'Some systems are down', data: health });
      },
    );
  };
}
