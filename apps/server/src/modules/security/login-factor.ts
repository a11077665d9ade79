// Signing in with a second factor: the password alone no longer signs in a
// person who has one (the same call again with a code, a recovery code or a
// passkey does), and "Sign in with a passkey" signs in with a discoverable
// passkey and no password.
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  SECURITY_MESSAGES,
  type PasskeyOptions,
  type SecondFactorProof,
  type WebauthnAssertion,
} from '@gets/schema';
import { AppError } from '../../http/errors.ts';
import { insertChallenge, takeChallenge, type Subject } from './factor-repository.ts';
import { relyingParty } from './relying-party.ts';
import {
  CHALLENGE_TTL_MS,
  checkAssertion,
  factorsOf,
  hasFactor,
  newChallenge,
  requireFactor,
  type FactorDeps,
} from './second-factor.ts';

/**
 * After the password checked out: nothing more for a person without a
 * factor; for one with a factor, one of `proof` or 401 (with the kinds and a
 * passkey request). A wrong code is a wrong attempt, counted per person.
 */
export async function requireLoginFactor(
  deps: FactorDeps,
  subject: Subject,
  proof: SecondFactorProof,
): Promise<void> {
  const factors = await factorsOf(deps.db, subject);
  if (!hasFactor(factors)) return;
  await requireFactor(deps, subject, factors, proof, {
    challenge: { purpose: 'login' },
    recovery: true,
    missingMessage: SECURITY_MESSAGES.loginSecondFactor,
  });
}

/** POST /metakeep/auth/passkey/options: a challenge any of the platform's passkeys may answer. */
export async function passkeyLoginOptions(deps: FactorDeps): Promise<PasskeyOptions> {
  const challenge = newChallenge();
  await insertChallenge(deps.db, {
    challenge,
    purpose: 'passkey-login',
    subject: null,
    ttlMs: CHALLENGE_TTL_MS,
  });
  return {
    ...(await generateAuthenticationOptions({
      rpID: relyingParty(deps).id,
      challenge: isoBase64URL.toBuffer(challenge),
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
    })),
  };
}

/**
 * The user a discoverable passkey's assertion signs in, on a challenge of
 * passkeyLoginOptions; 401 for anything else (an admin's passkey too: admins
 * sign in on the admin login page, with its link).
 */
export async function passkeyLoginSubject(
  deps: FactorDeps,
  assertion: WebauthnAssertion,
): Promise<Subject> {
  const passkey = await checkAssertion(deps, null, assertion, (challenge) =>
    takeChallenge(deps.db, challenge, 'passkey-login', null),
  );
  if (!passkey || passkey.subject.kind !== 'user') {
    throw new AppError(401, SECURITY_MESSAGES.passkeyFailed);
  }
  return passkey.subject;
}
