// Badge calls of spec section 7 ("Badges", and the admin's badge calls):
// thin handlers over the service, every body, query and answer a shared schema.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  addBadgeRequestSchema,
  adminBadgesQuerySchema,
  adminBadgesResponseSchema,
  approveBadgeRequestSchema,
  approveBadgeSpendingRequestSchema,
  BADGE_MESSAGES,
  badgeArrayResponseSchema,
  badgeIdParamsSchema,
  badgeListParamsSchema,
  badgeListQuerySchema,
  badgeListResponseSchema,
  badgeResponseSchema,
  banBadgeParamsSchema,
  banBadgeRequestSchema,
  createBadgeRequestSchema,
  createDraftRequestSchema,
  deleteBadgeOnChainRequestSchema,
  editDraftRequestSchema,
  envelope,
  errorResponseSchema,
  recordApprovalRequestSchema,
  sponsorBadgesQuerySchema,
  sponsorPublishedAdminResponseSchema,
} from '@gets/schema';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, identifyActor, requireAdmin, requireApprovedSponsor } from '../../http/auth.ts';
import { createDraft, editDraft, removeDraft } from './draft-service.ts';
import { adminBadges, publicBadges, sponsorBadges, sponsorBadgesForAdmin } from './list-service.ts';
import { approveSpending, publishBadge, recordPublished } from './publish-service.ts';
import {
  approveOnChain,
  banOnChain,
  deleteOnChain,
  recordApproval,
  recordDeleted,
} from './status-service.ts';
import { badgeDetails } from './visibility-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
};

/** An action endpoint's message: consent asked, or queued. */
const actionMessage = (data: object) =>
  'consentToken' in data ? BADGE_MESSAGES.consentRequired : BADGE_MESSAGES.queued;

export function badgeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);
    const admin = requireAdmin(ctx);

    // ------------------------------------------------------------ public

    app.get(
      '/badge/list/:filter',
      {
        schema: {
          tags: ['badges'],
          summary:
            'Approved public badges: recent (newest), popular (most applications) or highly (highest reward per badge); name searches by part of the name, any case; page after cursor, total with the first page (a name search: only when its matches fit in that page)',
          params: badgeListParamsSchema,
          querystring: badgeListQuerySchema,
          response: { 200: badgeListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badges,
        data: await publicBadges(ctx, request.params.filter, request.query),
      }),
    );

    app.get(
      '/badge/details/:id',
      {
        onRequest: identifyActor(ctx),
        config: { apiKeyScope: 'badges:read' },
        schema: {
          tags: ['badges'],
          summary:
            'One badge: approved and banned ones for anyone; pending and removed ones for their sponsor and admins; drafts for their sponsor',
          params: badgeIdParamsSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badge,
        data: await badgeDetails(ctx, request.actor, request.params.id),
      }),
    );

    // ------------------------------------------------- sponsor: drafts

    app.post(
      '/badge/add/draft',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary: 'Saves a draft badge (never on chain)',
          body: createDraftRequestSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.draftSaved,
        data: await createDraft(ctx, actorOf(request), request.body),
      }),
    );

    app.put(
      '/badge/edit/draft',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary: 'Changes one of your drafts',
          body: editDraftRequestSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.changesSaved,
        data: await editDraft(ctx, actorOf(request), request.body),
      }),
    );

    app.delete(
      '/badge/delete/draft/:id',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary: 'Deletes one of your drafts',
          params: badgeIdParamsSchema,
          response: { 200: envelope(z.object({ _id: z.string() })), ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.draftDeleted,
        data: await removeDraft(ctx, actorOf(request), request.params.id),
      }),
    );

    // ------------------------------------------------ sponsor: publish

    for (const [path, part] of [
      ['/metakeep/badge/approve-badge', 'fee'],
      ['/metakeep/badge/approve-escrow', 'escrow'],
    ] as const) {
      app.post(
        path,
        {
          onRequest: sponsor,
          schema: {
            tags: ['badges'],
            summary:
              part === 'fee'
                ? 'Allows the badge escrow the 9 GETS creation fee (ERC-20 approve), through consent; publishing does not need it (create signs a permit)'
                : 'Allows the badge escrow badges × tokens + the 9 GETS fee (ERC-20 approve), through consent; publishing does not need it (create signs a permit)',
            body: approveBadgeSpendingRequestSchema,
            response: { 200: actionResponseSchema, ...errors },
          },
        },
        async (request) => {
          const data = await approveSpending(ctx, actorOf(request), part, request.body);
          return { message: actionMessage(data), data };
        },
      );
    }

    app.post(
      '/metakeep/badge/create',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary:
            'Publishes a badge in one consent: escrow of badges × tokens + the 9 GETS fee (permit) and the badge on chain; the badge is saved when the call completes, and the draft (draftId) it came from goes then',
          body: createBadgeRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await publishBadge(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/badge/add',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary:
            'After the create completed: answers the badge its completion saved (onChainId, transactionHash); writes nothing',
          body: addBadgeRequestSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badgeSaved,
        data: await recordPublished(ctx, actorOf(request), request.body),
      }),
    );

    // ------------------------------------------------- sponsor: delete

    app.delete(
      '/badge/metakeep/delete',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary:
            'Deletes your published badge on chain, through consent: the unclaimed escrow (and a held fee) comes back',
          body: deleteBadgeOnChainRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await deleteOnChain(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.delete(
      '/badge/delete/:id',
      {
        onRequest: sponsor,
        schema: {
          tags: ['badges'],
          summary: 'After the chain deletion: answers your badge, now DELETED',
          params: badgeIdParamsSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badgeDeleted,
        data: await recordDeleted(ctx, actorOf(request), request.params.id),
      }),
    );

    // -------------------------------------------------- sponsor: lists

    for (const [path, which, summary] of [
      ['/badge/allBadge/list', 'all', 'Your drafts and published badges'],
      ['/badge/published/list', 'published', 'Your published badges'],
      ['/badge/drafted/list', 'drafted', 'Your drafts'],
    ] as const) {
      app.get(
        path,
        {
          onRequest: sponsor,
          config: { apiKeyScope: 'badges:read' },
          schema: {
            tags: ['badges'],
            summary: `${summary}, newest first (account, when sent, must be yours)`,
            querystring: sponsorBadgesQuerySchema,
            response: { 200: badgeArrayResponseSchema, ...errors },
          },
        },
        async (request) => ({
          message: BADGE_MESSAGES.badges,
          data: await sponsorBadges(ctx, actorOf(request), which, request.query.account),
        }),
      );
    }

    // ------------------------------------------------------------ admin

    app.get(
      '/badge/published/admin',
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary: "A sponsor's published badges (by wallet account) and their count (totalBadge)",
          querystring: sponsorBadgesQuerySchema,
          response: { 200: sponsorPublishedAdminResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badges,
        data: await sponsorBadgesForAdmin(ctx, request.query.account),
      }),
    );

    app.get(
      '/admin/badge',
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary:
            'Published badges by status and access, found by name, page by page, newest first; the count of the status and access (not of the matches), whether more follow, and the approval period in days',
          querystring: adminBadgesQuerySchema,
          response: { 200: adminBadgesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badges,
        data: await adminBadges(ctx, request.query),
      }),
    );

    app.post(
      '/metakeep/badge/approve',
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary:
            'Approves a pending badge on chain (badgeId: its onChainId; expiryDate: milliseconds), through consent',
          body: approveBadgeRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await approveOnChain(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.put(
      '/admin/badge/approve/:id',
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary: 'After the chain approval: answers the badge, now VERIFIED until expiryDate',
          params: badgeIdParamsSchema,
          body: recordApprovalRequestSchema,
          response: { 200: badgeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: BADGE_MESSAGES.badgeApproved,
        data: await recordApproval(ctx, request.params.id, request.body),
      }),
    );

    app.put(
      '/admin/badge/ban/:badgeId',
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          summary:
            'Bans a badge on chain, through consent: unpaid rewards go back to its sponsor; it shows Banned everywhere once done',
          params: banBadgeParamsSchema,
          body: banBadgeRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await banOnChain(ctx, actorOf(request), request.params.badgeId, request.body);
        return { message: actionMessage(data), data };
      },
    );
  };
}
