// Every money move of a person with a second factor is confirmed with it: the
// consent answers a passkey request whose challenge is that consent's alone,
// and the call that carries its token must carry the factor too (a code of
// the app, or the passkey's assertion on that challenge). Checked here for
// every route, before its handler; the consent store refuses to queue an
// unconfirmed consent whatever a route does (consent-repository.ts).
import { SECURITY_MESSAGES, type SecondFactorProof } from '@gets/schema';
import type { FastifyRequest } from 'fastify';
import type { ConsentFactorPrompt } from '../../custody/consent-factor.ts';
import { confirmConsentFactor, findConsent } from '../../custody/consent-repository.ts';
import { consentTokenHash } from '../../custody/consent.ts';
import { subjectOf } from './step-up.ts';
import {
  factorsOf,
  hasFactor,
  kindsOf,
  passkeyRequest,
  requireFactor,
  type FactorDeps,
} from './second-factor.ts';

/** How a consent asks its owner for a factor (AppContext.consentFactors). */
export const consentFactorPrompt = (deps: FactorDeps): ConsentFactorPrompt => ({
  async forConsent(owner, challenge) {
    if (owner.kind === 'system') return null;
    const factors = await factorsOf(deps.db, { kind: owner.kind, id: owner.id });
    if (!hasFactor(factors)) return null;
    return {
      secondFactorRequired: true,
      kinds: kindsOf(factors, false),
      passkey:
        factors.passkeys.length > 0
          ? { ...(await passkeyRequest(deps, factors.passkeys, challenge)) }
          : null,
    };
  },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A preHandler for every route: a call that carries a consent token of the
 * caller's, whose consent needs a factor, is refused (401, with the kinds and
 * the consent's passkey request) unless its factor checks out; then the
 * consent is marked confirmed and the handler queues it as always. Anything
 * else about the token (another's, used, expired) is left to the consent's
 * own refusal.
 */
export function confirmConsentWithFactor(deps: FactorDeps) {
  return async (request: FastifyRequest) => {
    const actor = request.actor;
    const body = request.body;
    if (!actor || !isRecord(body) || typeof body.consentToken !== 'string') return;
    const tokenHash = consentTokenHash(body.consentToken);
    const consent = await findConsent(deps.db, tokenHash);
    if (
      !consent?.factorRequired ||
      consent.factorConfirmed ||
      consent.usedAt ||
      consent.expired ||
      consent.ownerKind !== actor.kind ||
      consent.ownerId !== actor.id
    ) {
      return;
    }
    const subject = subjectOf(actor);
    const proof: SecondFactorProof = {
      ...(typeof body.totpCode === 'string' ? { totpCode: body.totpCode } : {}),
      ...(isRecord(body.webauthn)
        ? { webauthn: body.webauthn as SecondFactorProof['webauthn'] }
        : {}),
    };
    await requireFactor(deps, subject, await factorsOf(deps.db, subject), proof, {
      challenge: { consentChallenge: consent.factorChallenge },
      recovery: false,
      missingMessage: SECURITY_MESSAGES.confirmSecondFactor,
    });
    await confirmConsentFactor(deps.db, tokenHash, actor);
  };
}
