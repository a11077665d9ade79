// The earner's apply calls: the apply in one consent, the application its
// completion saved, and whether the earner may apply for a badge.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationOfParamsSchema,
  applicationOfResponseSchema,
  applicationResponseSchema,
  createApplicationRequestSchema,
  requestBadgeRequestSchema,
  saveApplicationRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireEarner, requireUser } from '../../http/auth.ts';
import { applicationOf, applyForBadge, recordedApplication } from './apply-service.ts';
import { actionMessage, errors } from './route-replies.ts';

export function applyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const earner = requireEarner(ctx);
    const user = requireUser(ctx);

    app.post(
      '/user/metakeep/requestBadge',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            "Applies for a badge in one consent (onChainId: the badge's number on chain) with the application form; the application is saved when the request completes on chain",
          body: requestBadgeRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await applyForBadge(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/badge/create/badge-application',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            "After the request completed: answers the application its completion saved (onChainId: the request's id on chain); writes nothing",
          body: createApplicationRequestSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.applied,
        data: await recordedApplication(ctx, actorOf(request), {
          badgeId: request.body.badgeId,
          address: request.body.earnerAddress,
          onChainId: request.body.onChainId,
        }),
      }),
    );

    app.post(
      '/badge/claim',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            "The spec's save of the application form after the request: the form came with the request and was saved with its outcome, so this answers that application (onChainId: the request's id) and writes nothing",
          body: saveApplicationRequestSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.applied,
        data: await recordedApplication(ctx, actorOf(request), {
          badgeId: request.body.badgeId,
          address: request.body.studentAddress,
          onChainId: request.body.onChainId,
        }),
      }),
    );

    app.get(
      '/badge/applicationlist/:badgeId/:account',
      {
        onRequest: user,
        schema: {
          tags: ['applications'],
          summary:
            "The account's application for the badge and whether it may apply (eligible: no application yet); for that earner or the badge's sponsor",
          params: applicationOfParamsSchema,
          response: { 200: applicationOfResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.application,
        data: await applicationOf(
          ctx,
          actorOf(request),
          request.params.badgeId,
          request.params.account,
        ),
      }),
    );
  };
}
