// Application and claim calls of spec section 7 ("Badges", and the sponsor
// data of "Tokens and users"): thin handlers over the service, every body,
// query and answer a shared schema.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountParamsSchema,
  accountQuerySchema,
  actionResponseSchema,
  APPLICATION_MESSAGES as M,
  applicationListResponseSchema,
  applicationOfParamsSchema,
  applicationOfResponseSchema,
  applicationResponseSchema,
  applicationsQuerySchema,
  applicationWithBadgeListResponseSchema,
  awardWinnersResponseSchema,
  badgeArrayResponseSchema,
  badgeEarnersResponseSchema,
  badgeIdParamsSchema,
  claimBadgeRequestSchema,
  claimTokenRequestSchema,
  createApplicationRequestSchema,
  errorResponseSchema,
  invitationResentResponseSchema,
  invitationWithdrawnResponseSchema,
  processRequestsRequestSchema,
  recordClaimRequestSchema,
  recordReviewRequestSchema,
  requestBadgeRequestSchema,
  rewardTransferResponseSchema,
  saveApplicationRequestSchema,
  sponsorApproveRequestSchema,
  totalAwardsResponseSchema,
  transferTokenOfClaimRequestSchema,
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
import {
  actorOf,
  identifyActor,
  requireApprovedSponsor,
  requireEarner,
  requireUser,
} from '../../http/auth.ts';
import { applicationOf, applyForBadge, recordedApplication } from './apply-service.ts';
import { claimByBadge, claimByRequest, recordedClaim, rewardTransfer } from './claim-service.ts';
import {
  appliedBadges,
  awardWinners,
  badgeEarners,
  earnedBadges,
  earnerApplications,
  totalAwards,
} from './list-service.ts';
import { badgeApplications, recordedReview, reviewApplications } from './review-service.ts';
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

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
};

/** An action endpoint's message: consent asked, or queued. */
const actionMessage = (data: object) => ('consentToken' in data ? M.consentRequired : M.queued);

export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);
    const earner = requireEarner(ctx);
    const user = requireUser(ctx);

    // ---------------------------------------------------------- public

    app.get(
      '/badge/earners/:id',
      {
        onRequest: identifyActor(ctx),
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

    // ------------------------------------------------------ earner: apply

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

    // ------------------------------------------------------ earner: claim

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

    // --------------------------------------------------- sponsor: review

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

    app.get(
      '/badge/applications/list',
      {
        onRequest: sponsor,
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

    // ----------------------------------------------------- sponsor: data

    app.get(
      '/user/sponsor/all-earners/:account',
      {
        onRequest: sponsor,
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
