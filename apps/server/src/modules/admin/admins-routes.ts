// "Add more admins": the Managers column, adding an admin by email or by an
// existing user's wallet, removing one; role changes go on chain.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  adminAccountsResponseSchema,
  addAdminRequestSchema,
  adminParamsSchema,
  removeAdminRequestSchema,
} from '@gets/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin } from '../../http/auth.ts';
import { addAdmin, ADMINS_MESSAGES, listAdmins, removeAdmin } from './admins-service.ts';
import { actionErrors, adminErrors } from '../../http/error-responses.ts';

/** The web app's origin, for the link in an invitation (the browser says it; else the host). */
function originOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  return typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)
    ? origin
    : `${request.protocol}://${request.host}`;
}

export function adminsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/admins',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: 'Every admin (with a role change under way, if any) and the date added',
          response: { 200: adminAccountsResponseSchema, ...adminErrors },
        },
      },
      async () => ({ message: ADMINS_MESSAGES.list, data: await listAdmins(ctx) }),
    );

    app.post(
      '/admin/admins',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            "Adds an admin by email (invitation mail, own wallet) or by an existing user's wallet address: without consentToken asks consent to grant ADMIN_ROLE, with it queues",
          body: addAdminRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const { answer, invited, mailed } = await addAdmin(
          { ...ctx, logError: (err) => request.log.error({ err }, 'invitation mail failed') },
          actorOf(request),
          request.body,
          originOf(request),
        );
        const message =
          'consentToken' in answer
            ? 'Consent required'
            : !invited
              ? ADMINS_MESSAGES.granted
              : mailed
                ? ADMINS_MESSAGES.invited
                : ADMINS_MESSAGES.notMailed;
        return { message, data: answer };
      },
    );

    app.delete(
      '/admin/admins/:id',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Removes another admin: without consentToken asks consent to revoke ADMIN_ROLE, with it queues (their sessions stop at once)',
          params: adminParamsSchema,
          body: removeAdminRequestSchema.optional(),
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await removeAdmin(
          ctx,
          actorOf(request),
          request.params.id,
          request.body?.consentToken,
        );
        return {
          message: 'consentToken' in data ? 'Consent required' : ADMINS_MESSAGES.removing,
          data,
        };
      },
    );
  };
}
