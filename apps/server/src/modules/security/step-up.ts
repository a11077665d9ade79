// Confirming a change of one's own security (adding or removing a factor, new
// recovery codes, exporting the wallet) with a second factor the person
// already has: whoever holds only the password cannot add their own passkey
// and then confirm money moves with it.
import { SECURITY_MESSAGES, type SecondFactorProof } from '@gets/schema';
import type { Actor } from '../../http/auth.ts';
import type { Subject } from './factor-repository.ts';
import { factorsOf, hasFactor, requireFactor, type FactorDeps } from './second-factor.ts';

export type StepUpDeps = FactorDeps;

export const subjectOf = (actor: Pick<Actor, 'kind' | 'id'>): Subject => ({
  kind: actor.kind,
  id: actor.id,
});

/**
 * With a factor enrolled: checks `proof` (a passkey assertion on a step-up
 * challenge, a code of the app, or a recovery code) and answers
 * { hasFactor: true }; a missing or wrong proof is refused (401, with the
 * kinds to use and a passkey challenge). Without any factor: answers
 * { hasFactor: false }, and the caller decides what else it asks.
 */
export async function requireStepUp(
  deps: StepUpDeps,
  actor: Actor,
  proof: SecondFactorProof,
): Promise<{ hasFactor: boolean }> {
  const subject = subjectOf(actor);
  const factors = await factorsOf(deps.db, subject);
  if (!hasFactor(factors)) return { hasFactor: false };
  await requireFactor(deps, subject, factors, proof, {
    challenge: { purpose: 'step-up' },
    recovery: true,
    missingMessage: SECURITY_MESSAGES.confirmSecondFactor,
  });
  return { hasFactor: true };
}
