// The lists of applications and awards: the earners holding a badge (its
// page, for whoever may see it), the earner's applications and awards, and
// the award winners and totals of a sponsor's badges.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  accountQuerySchema,
  APPLICATION_MESSAGES as M,
  applicationWithBadgeListResponseSchema,
  awardWinnersResponseSchema,
  badgeArrayResponseSchema,
  badgeEarnersResponseSchema,
  badgeIdParamsSchema,
  totalAwardsResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, identifyActor, requireApprovedSponsor, requireUser } from '../../http/auth.ts';
import {
  appliedBadges,
  awardWinners,
  badgeEarners,
  earnedBadges,
  earnerApplications,
  totalAwards,
} from './list-service.ts';
import { errors } from './route-replies.ts';

export function listRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);
    const user = requireUser(ctx);

    app.get(
      '/badge/earners/:id',
      {
        onRequest: identifyActor(ctx),
        config: { apiKeyScope: 'badges:read' },
        schema: {
          tags: ['applications'],
          summary:
            "The earners holding a badge (its page's Earner details): name, issue date and the award's transaction; for whoever may see the badge",
          params: badgeIdParamsSchema,
          response: { 200: badgeEarnersResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.awards,
        data: await badgeEarners(ctx, request.actor, request.params.id),
      }),
    );

    app.get(
      '/badge/applied/earner',
      {
        onRequest: user,
        schema: {
          tags: ['applications'],
          summary:
            'Your applications with their badges, newest first (My Applications); account, when sent, must be yours',
          querystring: accountQuerySchema,
          response: { 200: applicationWithBadgeListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.applications,
        data: await earnerApplications(ctx, actorOf(request), request.query.account),
      }),
    );

    app.get(
      '/badge/appliedbadge/list',
      {
        onRequest: user,
        schema: {
          tags: ['applications'],
          summary: 'The badges you applied for, newest application first',
          response: { 200: badgeArrayResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.applications,
        data: await appliedBadges(ctx, actorOf(request)),
      }),
    );

    app.get(
      '/badge/assigned/:account',
      {
        onRequest: user,
        schema: {
          tags: ['applications'],
          summary:
            'Your awards: the badges you claimed, with the claim (assignedHash, assignedAt, reward), latest first; account must be yours',
          params: accountParamsSchema,
          response: { 200: applicationWithBadgeListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.awards,
        data: await earnedBadges(ctx, actorOf(request), request.params.account),
      }),
    );

    app.get(
      '/user/sponsor/all-earners/:account',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'badges:read' },
        schema: {
          tags: ['applications'],
          summary:
            'The award winners of your badges (full name, wallet, the award transaction), latest first; account must be yours',
          params: accountParamsSchema,
          response: { 200: awardWinnersResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.awards,
        data: await awardWinners(ctx, actorOf(request), request.params.account),
      }),
    );

    app.get(
      '/user/sponsor/total-awards/:account',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'badges:read' },
        schema: {
          tags: ['applications'],
          summary: 'Awards claimed of your badges and the GETS paid in them; account must be yours',
          params: accountParamsSchema,
          response: { 200: totalAwardsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.awards,
        data: await totalAwards(ctx, actorOf(request), request.params.account),
      }),
    );
  };
}
