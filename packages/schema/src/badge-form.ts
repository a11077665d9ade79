// The create-badge form (spec sections 3 "Create-badge form fields" and 5
// "Create badge form") as the sponsor types it, validated on change with the
// messages the server answers with.
import { z } from 'zod';
import {
  badgeAccessSchema,
  criteriaSchema,
  descriptionSchema,
  evidenceSchema,
  titleSchema,
  videoLinkSchema,
} from './badge-fields.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.badge;

/**
 * A whole-number input of the form (tokens, badges, expiry days): digits only,
 * with the spec's four messages (number, required, positive, at least 1).
 */
function countField(messages: { number: string; required: string; positive: string; min: string }) {
  return z.string({ error: messages.required }).superRefine((value, ctx) => {
    const text = value.trim();
    if (text === '') return ctx.addIssue({ code: 'custom', message: messages.required });
    if (!/^\d+(\.\d+)?$/.test(text))
      return ctx.addIssue({ code: 'custom', message: messages.number });
    const number = Number(text);
    if (number <= 0) return ctx.addIssue({ code: 'custom', message: messages.positive });
    if (number < 1) ctx.addIssue({ code: 'custom', message: messages.min });
  });
}

/** The create-badge form (spec section 3, "Create-badge form fields"), validated on change. */
export const badgeFormSchema = z.object({
  title: titleSchema,
  tokens: countField({
    number: M.tokensNumber,
    required: M.tokensRequired,
    positive: M.tokensPositive,
    min: M.tokensMin,
  }),
  badges: countField({
    number: M.badgesNumber,
    required: M.badgesRequired,
    positive: M.badgesPositive,
    min: M.badgesMin,
  }),
  criteria: criteriaSchema,
  expiry: countField({
    number: M.expiryNumber,
    required: M.expiryRequired,
    positive: M.expiryPositive,
    min: M.expiryMin,
  }),
  description: descriptionSchema,
  videoLink: videoLinkSchema,
  badgeAccess: badgeAccessSchema,
  evidence: evidenceSchema,
});
export type BadgeFormInput = z.input<typeof badgeFormSchema>;
