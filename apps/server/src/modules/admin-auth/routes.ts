// Admin login and logout (spec section 7: POST /admin/adminLogin), and the
// check the /admin/login page makes of its URL fragment.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  ADMIN_LOGIN_SECRET_HEADER,
  adminLoginResponseSchema,
  adminLoginSchema,
  adminLoginSecretCheckResponseSchema,
  adminLoginSecretCheckSchema,
  acceptInvitationRequestSchema,
  emptyResponseSchema,
  errorResponseSchema,
  invitationRequestSchema,
  invitationResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin } from '../../http/auth.ts';
import { perIpLimit } from '../accounts/rate-limits.ts';
import { signInMetaOf } from '../accounts/sessions.ts';
import { acceptInvitation, checkInvitation, INVITATION_MESSAGES } from './invitations.ts';
import { adminLogin, adminLogout, isAdminLoginSecret } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export function adminAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = perIpLimit(ctx.config);

    app.post(
      '/admin/adminLogin',
      {
        config: limited,
        schema: {
          tags: ['admin'],
          summary: `Admin login; send the secret of the /admin/login#<secret> link in the ${ADMIN_LOGIN_SECRET_HEADER} header`,
          body: adminLoginSchema,
          response: { 200: adminLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const header = request.headers[ADMIN_LOGIN_SECRET_HEADER];
        return {
          message: ACCOUNT_MESSAGES.loggedIn,
          data: await adminLogin(
            ctx,
            request.body,
            typeof header === 'string' ? header : undefined,
            signInMetaOf(request),
          ),
        };
      },
    );

    app.post(
      '/admin/logout',
      {
        onRequest: requireAdmin(ctx),
        // An admin who has not enrolled a factor yet may still sign out.
        config: { factorNotRequired: true },
        schema: {
          tags: ['admin'],
          summary: 'Ends this admin session on the server',
          response: { 200: emptyResponseSchema, ...errors },
        },
      },
      async (request) => {
        await adminLogout(ctx, actorOf(request));
        return { message: ACCOUNT_MESSAGES.loggedOut, data: null };
      },
    );

    app.post(
      '/admin-auth/admin-login-secret',
      {
        config: limited,
        schema: {
          tags: ['admin'],
          summary: 'Whether a URL fragment is the admin login secret (the page redirects if not)',
          body: adminLoginSecretCheckSchema,
          response: { 200: adminLoginSecretCheckResponseSchema, ...errors },
        },
      },
      async (request) => {
        const ok = await isAdminLoginSecret(ctx, request.body.secret);
        return { message: ok ? 'Admin login available' : 'Not the admin login link', data: ok };
      },
    );

    app.post(
      '/admin/invitation',
      {
        config: limited,
        schema: {
          tags: ['admin'],
          summary: 'Which email an admin invitation link is for (the link is not used up)',
          body: invitationRequestSchema,
          response: { 200: invitationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: 'Admin invitation',
        data: await checkInvitation(ctx, request.body.token),
      }),
    );

    app.post(
      '/admin/invitation/accept',
      {
        config: limited,
        schema: {
          tags: ['admin'],
          summary: `An invited admin sets a password and is signed in (uses the invitation; send the admin login secret in the ${ADMIN_LOGIN_SECRET_HEADER} header)`,
          body: acceptInvitationRequestSchema,
          response: { 200: adminLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const header = request.headers[ADMIN_LOGIN_SECRET_HEADER];
        return {
          message: INVITATION_MESSAGES.accepted,
          data: await acceptInvitation(
            ctx,
            request.body,
            typeof header === 'string' ? header : undefined,
          ),
        };
      },
    );
  };
}
