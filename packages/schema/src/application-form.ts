// The Apply-for-badge form (spec sections 2 and 5 "Application form") as the
// earner fills it, and the body the calls send from it. The web form
// validates with these, with the messages the server answers with.
import { z } from 'zod';
import { evidenceSchema, fullNameSchema, programSchema } from './application-fields.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.application;

/** The Apply-for-badge modal (spec sections 2 and 5): yes/no answers as the radios give them. */
export const applicationFormSchema = z.object({
  fullName: fullNameSchema,
  program: programSchema,
  awardCriteria: z.enum(['yes', 'no'], { error: M.awardCriteriaRequired }),
  needEvidence: z.enum(['yes', 'no'], { error: M.needEvidenceRequired }),
  evidence: evidenceSchema,
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationForm = z.output<typeof applicationFormSchema>;

/**
 * The application as the calls send it (spec section 7, /badge/claim's names):
 * the evidence goes only when the earner answered yes to sending it.
 */
export function applicationBodyOf(form: ApplicationForm) {
  const sendsEvidence = form.needEvidence === 'yes';
  return {
    fullName: form.fullName,
    program: form.program || undefined,
    awardCriteria: form.awardCriteria === 'yes',
    awardingCriteriaEvidence: sendsEvidence,
    requestedEvidenceDoc: sendsEvidence && form.evidence ? form.evidence : undefined,
  };
}
