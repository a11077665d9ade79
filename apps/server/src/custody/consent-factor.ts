// Whether a consent must be confirmed with a second factor, as the consent
// store sees it. The factors themselves are the security module's; custody
// needs only to know that an owner has one (in SQL, so that storing a consent
// and queueing it decide it in the same statement) and, through the context,
// how to ask for one.
import type { SecondFactorRequired } from '@gets/schema';
import type { OwnerKind } from './key-repository.ts';

/**
 * SQL: true when the subject of these two expressions has a passkey or a
 * confirmed authenticator app.
 */
export const hasSecondFactorSql = (kind: string, id: string) =>
  `(EXISTS (SELECT 1 FROM passkeys p WHERE p.subject_kind = ${kind} AND p.subject_id = ${id})
    OR EXISTS (SELECT 1 FROM totp_factors t
                WHERE t.subject_kind = ${kind} AND t.subject_id = ${id} AND t.secret IS NOT NULL))`;

/**
 * How a consent asks its owner for a factor (the security module's,
 * composed at the root): the kinds they have, and a passkey request whose
 * challenge is the consent's own.
 */
export interface ConsentFactorPrompt {
  forConsent(
    owner: { kind: OwnerKind; id: string },
    challenge: string,
  ): Promise<SecondFactorRequired | null>;
}
