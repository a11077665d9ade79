// The request bodies, params and queries of the application and claim calls
// (spec section 7 "Badges", and the sponsor data of "Tokens and users"):
// apply, whitelist one earner, review, claim, and the lists. The server
// validates with these.
import { z } from 'zod';
import {
  emailField,
  evidenceSchema,
  fullNameSchema,
  programSchema,
  uuidOf,
} from './application-fields.ts';
import { APPLICATION_MESSAGES, MAX_APPLICATIONS_PER_REVIEW } from './applications.ts';
import { onChainIdSchema } from './badge-requests.ts';
import { consentFields, walletAddressSchema } from './custody.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.application;

/** A request (application) id on chain: a positive number or its decimal string. */
export const requestIdSchema = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,77}$/)], {
    error: 'onChainId must be an application id on chain',
  })
  .transform((value) => String(value));

const applicationFields = {
  fullName: fullNameSchema,
  program: programSchema.nullish().transform((value) => value || null),
  awardCriteria: z.boolean({ error: M.awardCriteriaRequired }),
  awardingCriteriaEvidence: z.boolean({ error: M.needEvidenceRequired }),
  requestedEvidenceDoc: evidenceSchema.nullish().transform((value) => value || null),
};

/**
 * POST /user/metakeep/requestBadge: the spec's body (onChainId: the badge's
 * number on chain, email) plus the application form, so the application is
 * saved with the chain request's outcome, never half.
 */
export const requestBadgeRequestSchema = z.object({
  onChainId: onChainIdSchema,
  email: emailField,
  ...applicationFields,
  ...consentFields,
});
export type RequestBadgeRequest = z.input<typeof requestBadgeRequestSchema>;

/** POST /badge/create/badge-application: after the request completed. */
export const createApplicationRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  earnerAddress: walletAddressSchema,
  onChainId: requestIdSchema,
});

/** POST /badge/claim: the spec's save of the application form, after the request completed. */
export const saveApplicationRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  studentAddress: walletAddressSchema,
  onChainId: requestIdSchema,
  /** The badge token, once claimed; the spec sends it, the chain decides it. */
  tokenId: z.union([z.string().max(80), z.number()]).nullish(),
  ...applicationFields,
});

/** POST /badge/whitelist: the sponsor lets an earner apply for a private badge. */
export const whitelistRequestSchema = z.object({
  earnerAccount: walletAddressSchema,
  badgeOnChainId: onChainIdSchema,
  email: emailField,
  ...consentFields,
});

const requestIdsField = z
  .array(requestIdSchema, { error: 'Choose at least one application' })
  .min(1, 'Choose at least one application')
  .max(
    MAX_APPLICATIONS_PER_REVIEW,
    `At most ${MAX_APPLICATIONS_PER_REVIEW} applications at a time`,
  );
const approvalsField = z
  .array(z.boolean({ error: APPLICATION_MESSAGES.lengthMismatch }), {
    error: APPLICATION_MESSAGES.lengthMismatch,
  })
  .max(MAX_APPLICATIONS_PER_REVIEW, APPLICATION_MESSAGES.lengthMismatch);

/** One decision per application, each application once. */
function checkReview(ids: string[], approval: boolean[], ctx: z.RefinementCtx, idsKey: string) {
  if (ids.length !== approval.length) {
    ctx.addIssue({
      code: 'custom',
      message: APPLICATION_MESSAGES.lengthMismatch,
      path: ['approval'],
    });
  }
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({
      code: 'custom',
      message: APPLICATION_MESSAGES.duplicateApplication,
      path: [idsKey],
    });
  }
}

/** POST /user/metakeep/processRequestBadge: approve (true) or reject (false) many at once. */
export const processRequestsRequestSchema = z
  .object({
    onChainId: requestIdsField,
    approval: approvalsField,
    email: emailField,
    ...consentFields,
  })
  .superRefine((value, ctx) => checkReview(value.onChainId, value.approval, ctx, 'onChainId'));
export type ProcessRequestsRequest = z.input<typeof processRequestsRequestSchema>;

/** POST /metakeep/sponsor/approve: the same review, with the spec's other names. */
export const sponsorApproveRequestSchema = z
  .object({
    requestId: requestIdsField,
    approval: approvalsField,
    ...consentFields,
  })
  .superRefine((value, ctx) => checkReview(value.requestId, value.approval, ctx, 'requestId'));

/** POST /badge/process: after the review completed, one application's recorded outcome. */
export const recordReviewRequestSchema = z.object({
  badgeApplicationId: uuidOf('badgeApplicationId'),
  status: z.enum(['APPROVED', 'REJECTED'], { error: 'status must be APPROVED or REJECTED' }),
  assignedHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'assignedHash must be a transaction hash')
    .optional(),
});

/** POST /user/metakeep/claimBadge: onChainId is the application's (request's) id on chain. */
export const claimBadgeRequestSchema = z.object({
  onChainId: requestIdSchema,
  email: emailField,
  ...consentFields,
});

/** POST /metakeep/claim/token: the same claim, reached by the badge (its _id). */
export const claimTokenRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  email: emailField,
  ...consentFields,
});

/** POST /badge/claim/earner: after the claim completed. */
export const recordClaimRequestSchema = z.object({
  badgeApplicationId: uuidOf('badgeApplicationId'),
  badgeId: uuidOf('badgeId'),
});

/** POST /metakeep/transfer/token: the reward transfer the claim made. */
export const transferTokenOfClaimRequestSchema = z.object({
  badgeId: uuidOf('badgeId'),
  account: walletAddressSchema,
});

export const applicationsQuerySchema = z.object({ badgeId: uuidOf('badgeId') });
export const accountQuerySchema = z.object({ account: walletAddressSchema.optional() });
export const accountParamsSchema = z.object({ account: walletAddressSchema });
export const applicationOfParamsSchema = z.object({
  badgeId: uuidOf('badgeId'),
  account: walletAddressSchema,
});
