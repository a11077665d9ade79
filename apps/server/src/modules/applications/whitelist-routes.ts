// The whitelist calls of a private badge: one earner through consent, a CSV
// file of them (preview, then confirm with its invitations), the invitations
// (list, resend, withdraw), and the unsubscribe link of an invitation mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationsQuerySchema,
  invitationResentResponseSchema,
  invitationWithdrawnResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
  whitelistCsvConfirmRequestSchema,
  whitelistCsvConfirmResponseSchema,
  whitelistCsvPreviewRequestSchema,
  whitelistCsvPreviewResponseSchema,
  whitelistInvitationRequestSchema,
  whitelistInvitationsResponseSchema,
  whitelistRequestSchema,
  WHITELIST_CSV_MAX_CHARS,
  WHITELIST_CSV_MESSAGES,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireApprovedSponsor } from '../../http/auth.ts';
import { actionMessage, errors } from './route-replies.ts';
import {
  badgeInvitations,
  previewWhitelistCsv,
  resendInvitation,
  unsubscribeFromInvitations,
  whitelistFromCsv,
  withdrawInvitation,
} from './whitelist-csv-service.ts';
import { whitelistEarner } from './whitelist-service.ts';

/** A whitelist CSV goes as JSON text: room for the largest file the schema accepts, escaped. */
const CSV_BODY_LIMIT_BYTES = 2 * WHITELIST_CSV_MAX_CHARS;

export function whitelistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);

    app.post(
      '/badge/whitelist/invitations/unsubscribe',
      {
        schema: {
          tags: ['applications'],
          summary:
            "Unsubscribes the address of an invitation mail (token: from the mail's link) from every later invitation, by any sponsor; no sign-in, and again changes nothing",
          body: unsubscribeRequestSchema,
          response: { 200: unsubscribeResponseSchema, ...errors },
        },
      },
      async (request) => {
        await unsubscribeFromInvitations(ctx, request.body.token);
        return { message: WHITELIST_CSV_MESSAGES.unsubscribeDone, data: null };
      },
    );

    app.post(
      '/badge/whitelist',
      {
        onRequest: sponsor,
        schema: {
          tags: ['applications'],
          summary:
            "Whitelists an earner's wallet on your private badge (badgeOnChainId: its number on chain) through consent, so that earner can apply",
          body: whitelistRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await whitelistEarner(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/badge/whitelist/csv/preview',
      {
        onRequest: sponsor,
        bodyLimit: CSV_BODY_LIMIT_BYTES,
        schema: {
          tags: ['applications'],
          summary:
            "Reads a whitelist CSV for your private badge (one bare email address or wallet address per row, header optional, at most 5,000 rows) and answers each row with its kind (ready, unknown, duplicate, invalid, unsubscribed), the counts and the invitations you have left today; an earner's name and wallet only for one who applied to one of your badges; changes nothing",
          body: whitelistCsvPreviewRequestSchema,
          response: { 200: whitelistCsvPreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.preview,
        data: await previewWhitelistCsv(ctx, actorOf(request), request.body),
      }),
    );

    app.post(
      '/badge/whitelist/csv',
      {
        onRequest: sponsor,
        bodyLimit: CSV_BODY_LIMIT_BYTES,
        schema: {
          tags: ['applications'],
          summary:
            'Whitelists every ready earner of the CSV in one consent (without consentToken: the consent; with it: queued, as one chain transaction per 500 earners) and invites each email without an account once; with no ready earner, only the invitations. A file with more emails to invite than you have left today is refused (429) before any consent or mail',
          body: whitelistCsvConfirmRequestSchema,
          response: { 200: whitelistCsvConfirmResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await whitelistFromCsv(ctx, actorOf(request), request.body);
        return {
          message:
            'consentToken' in data
              ? M.consentRequired
              : 'status' in data
                ? M.queued
                : WHITELIST_CSV_MESSAGES.invitationsSent,
          data,
        };
      },
    );

    app.get(
      '/badge/whitelist/invitations',
      {
        onRequest: sponsor,
        schema: {
          tags: ['applications'],
          summary:
            'The invitees of your private badge (badgeId: its _id) not whitelisted yet, and whether each has registered since',
          querystring: applicationsQuerySchema,
          response: { 200: whitelistInvitationsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.invitations,
        data: await badgeInvitations(ctx, actorOf(request), request.query.badgeId),
      }),
    );

    app.post(
      '/badge/whitelist/invitations/resend',
      {
        onRequest: sponsor,
        schema: {
          tags: ['applications'],
          summary:
            'Sends an invitation of your private badge again (badgeId: its _id) whose mail was not delivered, once you know the address is right',
          body: whitelistInvitationRequestSchema,
          response: { 200: invitationResentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.invitationSentAgain,
        data: await resendInvitation(ctx, actorOf(request), request.body),
      }),
    );

    app.delete(
      '/badge/whitelist/invitations',
      {
        onRequest: sponsor,
        schema: {
          tags: ['applications'],
          summary:
            'Withdraws an invitation of your private badge (badgeId: its _id): the invitee leaves the list and the mail is not sent if it has not gone yet; the email is not invited to this badge again',
          body: whitelistInvitationRequestSchema,
          response: { 200: invitationWithdrawnResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.invitationWithdrawn,
        data: await withdrawInvitation(ctx, actorOf(request), request.body),
      }),
    );
  };
}
