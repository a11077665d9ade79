// The whitelist calls of a private badge: one earner through consent, a CSV
// file of them (preview, then confirm with its invitations; limited per
// sponsor), the invitations (list, resend, withdraw, whitelist the ones who
// accepted), the earner's answer to an invitation, and the unsubscribe link
// of an invitation mail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationsQuerySchema,
  earnerInvitationsResponseSchema,
  invitationAnswerRequestSchema,
  invitationAnswerResponseSchema,
  invitationResentResponseSchema,
  invitationWithdrawnResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
  whitelistAcceptedRequestSchema,
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
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf, requireApprovedSponsor, requireEarner } from '../../http/auth.ts';
import { perIpHook } from '../accounts/rate-limits.ts';
import { answerMyInvitation, myInvitations } from './invitation-answer-service.ts';
import { actionMessage, errors } from './route-replies.ts';
import {
  badgeInvitations,
  previewWhitelistCsv,
  resendInvitation,
  unsubscribeFromInvitations,
  whitelistAcceptedInvitees,
  whitelistFromCsv,
  withdrawInvitation,
} from './whitelist-csv-service.ts';
import { whitelistEarner } from './whitelist-service.ts';

/** A whitelist CSV goes as JSON text: room for the largest file the schema accepts, escaped. */
const CSV_BODY_LIMIT_BYTES = 2 * WHITELIST_CSV_MAX_CHARS;

/**
 * The route config of a whitelist CSV call: counted per sponsor (after the
 * sign-in check and the per-IP count, which run first), in the rate-limit
 * plugin's shared store, so several API processes or sessions do not
 * multiply it.
 */
const perSponsorCsvLimit = (ctx: AppContext) => ({
  rateLimit: {
    max: ctx.config.invitations.csvCallsPerSponsorPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request: FastifyRequest) => `sponsor:${actorOf(request).id}`,
  },
});

export function whitelistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);
    const earner = requireEarner(ctx);
    // Per IP too: the sponsors of one host share its allowance.
    const csvPerIp = perIpHook(app, ctx.config, 'whitelist-csv');

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
        config: { apiKeyScope: 'whitelist:write' },
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
        onRequest: [sponsor, csvPerIp],
        config: { ...perSponsorCsvLimit(ctx), apiKeyScope: 'whitelist:write' },
        bodyLimit: CSV_BODY_LIMIT_BYTES,
        schema: {
          tags: ['applications'],
          summary:
            "Reads a whitelist CSV for your private badge (one bare email address or wallet address per row, header optional, at most 5,000 rows) and answers each row with its kind (ready: an earner's wallet; invite: any valid email, whoever it belongs to; duplicate, invalid, unsubscribed), the counts and the invitations you have left today; changes nothing. Limited per sponsor (WHITELIST_CSV_CALLS_PER_HOUR) and per IP (RATE_LIMIT_IP_MAX)",
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
        onRequest: [sponsor, csvPerIp],
        config: { ...perSponsorCsvLimit(ctx), apiKeyScope: 'whitelist:write' },
        bodyLimit: CSV_BODY_LIMIT_BYTES,
        schema: {
          tags: ['applications'],
          summary:
            "Whitelists every earner's wallet of the CSV in one consent (without consentToken: the consent; with it: queued, as one chain transaction per 500 earners) and invites each email once, whoever it belongs to: nobody behind an email is whitelisted before accepting on the platform; with no wallet, only the invitations. A file with more emails to invite than you have left today is refused (429) before any consent or mail",
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
        config: { apiKeyScope: 'whitelist:write' },
        schema: {
          tags: ['applications'],
          summary:
            'The invitees of your private badge (badgeId: its _id) not whitelisted yet, and whether each accepted (the same for an email with or without an account, until it accepts)',
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
        config: { apiKeyScope: 'whitelist:write' },
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
        config: { apiKeyScope: 'whitelist:write' },
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

    app.post(
      '/badge/whitelist/invitations/accepted',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'whitelist:write' },
        schema: {
          tags: ['applications'],
          summary:
            'Whitelists the invitees of your private badge (badgeId: its _id) who accepted, by their emails, through consent (without consentToken: the consent; with it: queued); the server finds their wallets, and neither answer nor the transaction status names them. One whitelisted already is skipped',
          body: whitelistAcceptedRequestSchema,
          response: { 200: actionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const data = await whitelistAcceptedInvitees(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.get(
      '/badge/invitations',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            "Your open invitations to private badges (to your account's email, from any sponsor), newest first: waiting for your answer, or accepted and waiting for the sponsor to whitelist you",
          response: { 200: earnerInvitationsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.yourInvitations,
        data: await myInvitations(ctx, actorOf(request)),
      }),
    );

    app.post(
      '/badge/invitations/accept',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            'Accepts your invitation to a private badge (badgeId: its _id): its sponsor may then whitelist your wallet (on chain) with one more consent, and sees that you accepted, not your wallet',
          body: invitationAnswerRequestSchema,
          response: { 200: invitationAnswerResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.invitationAccepted,
        data: await answerMyInvitation(ctx, actorOf(request), request.body.badgeId, true),
      }),
    );

    app.post(
      '/badge/invitations/decline',
      {
        onRequest: earner,
        schema: {
          tags: ['applications'],
          summary:
            'Declines your invitation to a private badge (badgeId: its _id): it leaves your list, and its sponsor sees it as not answered',
          body: invitationAnswerRequestSchema,
          response: { 200: invitationAnswerResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: WHITELIST_CSV_MESSAGES.invitationDeclined,
        data: await answerMyInvitation(ctx, actorOf(request), request.body.badgeId, false),
      }),
    );
  };
}
