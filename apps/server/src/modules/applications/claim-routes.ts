// The earner's claim calls: the one claim (by the application or by the
// badge), and the award and reward transfer its completion recorded.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationResponseSchema,
  claimBadgeRequestSchema,
  claimTokenRequestSchema,
  recordClaimRequestSchema,
  rewardTransferResponseSchema,
  transferTokenOfClaimRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireEarner } from '../../http/auth.ts';
import { claimByBadge, claimByRequest, recordedClaim, rewardTransfer } from './claim-service.ts';
import { actionMessage, errors } from './route-replies.ts';

export function claimRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const earner = requireEarner(ctx);

    app.post(
      '/user/metakeep/claimBadge',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            "Claims your approved application (onChainId: its id on chain) through consent: one chain call mints the soul-bound badge token to your wallet and pays the badge's reward; it runs once",
          body: claimBadgeRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await claimByRequest(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/metakeep/claim/token',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            'Claims the tokens of your approved application for a badge (its _id): the same one claim as /user/metakeep/claimBadge (the contract pays the reward with the badge), never a second payment',
          body: claimTokenRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await claimByBadge(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/badge/claim/earner',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            'After the claim completed: answers the award its completion recorded (TOKEN_CLAIMED, assignedHash, assignedAt); writes nothing',
          body: recordClaimRequestSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.claimed,
        data: await recordedClaim(ctx, actorOf(request), request.body),
      }),
    );

    app.post(
      '/metakeep/transfer/token',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            'After the claim completed: the reward transfer the claim made to your account (amount, transaction); nothing is sent again',
          body: transferTokenOfClaimRequestSchema,
          response: { 200: rewardTransferResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.tokensTransferred,
        data: await rewardTransfer(ctx, actorOf(request), request.body),
      }),
    );
  };
}
