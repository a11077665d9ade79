// The sessions a person sees and ends, and the "This wasn't me" link of a
// new-sign-in mail (issue 45).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SECURITY_MESSAGES,
  errorResponseSchema,
  notMeRequestSchema,
  securityChangedResponseSchema,
  sessionParamsSchema,
  sessionsResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor } from '../../http/auth.ts';
import { perIpLimit } from '../accounts/rate-limits.ts';
import * as sessions from './sessions-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export function securitySessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/security/sessions',
      {
        onRequest: requireActor(ctx),
        config: { factorNotRequired: true },
        schema: {
          tags: ['security'],
          summary:
            "The caller's signed-in sessions (browser, system, network), last used first; the caller's own is marked current",
          response: { 200: sessionsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.sessions,
        data: await sessions.listSessions(ctx, actorOf(request)),
      }),
    );

    app.delete(
      '/security/sessions/:id',
      {
        onRequest: requireActor(ctx),
        config: { factorNotRequired: true },
        schema: {
          tags: ['security'],
          summary:
            "Signs one of the caller's sessions out; an id that is not theirs is answered as unknown",
          params: sessionParamsSchema,
          response: { 200: securityChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.endSession(ctx, actorOf(request), request.params.id);
        return { message: SECURITY_MESSAGES.sessionEnded, data: null };
      },
    );

    app.post(
      '/security/sessions/sign-out-others',
      {
        onRequest: requireActor(ctx),
        config: { factorNotRequired: true },
        schema: {
          tags: ['security'],
          summary: 'Signs every session of the caller out but the one making this call',
          response: { 200: securityChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.endOtherSessions(ctx, actorOf(request));
        return { message: SECURITY_MESSAGES.otherSessionsEnded, data: null };
      },
    );

    app.post(
      '/security/not-me',
      {
        config: perIpLimit(ctx.config),
        schema: {
          tags: ['security'],
          summary:
            '"This wasn\'t me" from a new-sign-in mail: signs every session of the person out and asks for a new password by email before the next sign-in',
          body: notMeRequestSchema,
          response: { 200: securityChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sessions.notMe(ctx, request.body.token, request.ip);
        return { message: SECURITY_MESSAGES.notMeDone, data: null };
      },
    );
  };
}
