// Sponsors in the admin console: decide, verify, ban, and the lists.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTIVE_SPONSORS_MAX_PAGE,
  activeSponsorResponseSchema,
  activeSponsorsQuerySchema,
  activeSponsorsResponseSchema,
  adminSponsorResponseSchema,
  banStatusRequestSchema,
  pendingSponsorsResponseSchema,
  unapprovedSponsorsQuerySchema,
  sponsorParamsSchema,
  sponsorStatusRequestSchema,
  sponsorStatusResponseSchema,
  verifiedStatusRequestSchema,
  TOTAL_COUNT_HEADER,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin } from '../../http/auth.ts';
import { adminErrors } from '../../http/error-responses.ts';
import {
  activeSponsors,
  ADMIN_SPONSOR_MESSAGES,
  decideSponsor,
  unapprovedSponsors,
  setSponsorBanStatus,
  sponsorDetails,
  verifySponsor,
} from './service.ts';

export function sponsorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/admin/sponsors/status',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: "Approves or rejects a sponsor's profile (status APPROVED or REJECTED)",
          body: sponsorStatusRequestSchema,
          response: { 200: sponsorStatusResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message:
          request.body.status === 'APPROVED'
            ? ADMIN_SPONSOR_MESSAGES.approved
            : ADMIN_SPONSOR_MESSAGES.rejected,
        data: await decideSponsor(ctx, actorOf(request), request.body),
      }),
    );

    app.put(
      '/admin/change/verified-status',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Marks an approved sponsor as verified ("Verified Sponsor"); body isVerified=true',
          body: verifiedStatusRequestSchema,
          response: { 200: sponsorStatusResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message: ADMIN_SPONSOR_MESSAGES.verified,
        data: await verifySponsor(ctx, actorOf(request), request.body.userId),
      }),
    );

    app.put(
      '/admin/sponsors/ban-status',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Bans a sponsor (their sessions end; login and every call are refused) or lifts the ban',
          body: banStatusRequestSchema,
          response: { 200: adminSponsorResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message: request.body.isBanned
          ? ADMIN_SPONSOR_MESSAGES.banned
          : ADMIN_SPONSOR_MESSAGES.unbanned,
        data: await setSponsorBanStatus(ctx, actorOf(request), request.body),
      }),
    );

    app.get(
      '/admin/sponsors/unapproved',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Sponsors waiting for approval, oldest first; with status=REJECTED, the rejected ones, newest first',
          querystring: unapprovedSponsorsQuerySchema,
          response: { 200: pendingSponsorsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message: request.query.status === 'REJECTED' ? 'Rejected sponsors' : 'Pending sponsors',
        data: await unapprovedSponsors(ctx, request.query.status),
      }),
    );

    app.get(
      '/admin/sponsors/verified',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: `Approved (active) sponsors, newest first, a page at a time, with their GETS from the chain; search filters the full name; limit is the page size (at most ${ACTIVE_SPONSORS_MAX_PAGE}, the default; 0: the count alone); after is the last sponsor of the page before; the count of all matches is in ${TOTAL_COUNT_HEADER}`,
          querystring: activeSponsorsQuerySchema,
          response: { 200: activeSponsorsResponseSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const { sponsors, total } = await activeSponsors(ctx, request.query);
        void reply.header(TOTAL_COUNT_HEADER, String(total));
        return { message: 'Active sponsors', data: sponsors };
      },
    );

    app.get(
      '/admin/sponsor/:id',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: 'One sponsor, with their GETS from the chain',
          params: sponsorParamsSchema,
          response: { 200: activeSponsorResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message: 'Sponsor',
        data: await sponsorDetails(ctx, request.params.id),
      }),
    );
  };
}
