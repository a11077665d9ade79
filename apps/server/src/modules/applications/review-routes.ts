// The sponsor's review calls: the applications of their badge, approving and
// rejecting many in one consent (under the spec's two names), and the
// outcome its completion recorded.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationListResponseSchema,
  applicationResponseSchema,
  applicationsQuerySchema,
  processRequestsRequestSchema,
  recordReviewRequestSchema,
  sponsorApproveRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireApprovedSponsor } from '../../http/auth.ts';
import { badgeApplications, recordedReview, reviewApplications } from './review-service.ts';
import { actionMessage, errors } from './route-replies.ts';

export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);

    app.get(
      '/badge/applications/list',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'badges:read' },
        schema: {
          tags: ['applications'],
          summary: 'The applications of your badge (badgeId: its _id), sorted by full name',
          querystring: applicationsQuerySchema,
          response: { 200: applicationListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.applications,
        data: await badgeApplications(ctx, actorOf(request), request.query.badgeId),
      }),
    );

    app.post(
      '/user/metakeep/processRequestBadge',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'applications:review' },
        schema: {
          tags: ['applications'],
          summary:
            'Approves (true) and rejects (false) applications of your badges (onChainId: their ids on chain) in one chain call, through one consent; refused when approving more than a badge has left',
          body: processRequestsRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await reviewApplications(ctx, actorOf(request), {
          requestIds: request.body.onChainId,
          approvals: request.body.approval,
          email: request.body.email,
          consentToken: request.body.consentToken,
        });
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/metakeep/sponsor/approve',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'applications:review' },
        schema: {
          tags: ['applications'],
          summary:
            "The same review as /user/metakeep/processRequestBadge with the spec's other names (requestId[], approval[])",
          body: sponsorApproveRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await reviewApplications(ctx, actorOf(request), {
          requestIds: request.body.requestId,
          approvals: request.body.approval,
          consentToken: request.body.consentToken,
        });
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/badge/process',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'applications:review' },
        schema: {
          tags: ['applications'],
          summary:
            "After the review completed: answers the application's recorded outcome (status must be the one the chain gave it); writes nothing",
          body: recordReviewRequestSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await recordedReview(ctx, actorOf(request), request.body);
        return { message: data.status === 'REJECTED' ? M.rejectedDone : M.approved, data };
      },
    );
  };
}
