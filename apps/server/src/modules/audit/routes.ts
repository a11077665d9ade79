// The admin audit log: who did what, when, newest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogResponseSchema } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../http/auth.ts';
import { adminErrors } from '../../http/error-responses.ts';
import { auditLog } from './service.ts';

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit-log',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Every admin action (who, what, target, when), newest first, a page before the cursor `before`; action filters one kind; chain actions show their outcome',
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({ message: 'Audit log', data: await auditLog(ctx.db, request.query) }),
    );
  };
}
