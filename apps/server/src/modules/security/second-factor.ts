// Checking a second factor: a code of the authenticator app (each time step
// once), a recovery code (each once), or a passkey assertion on a challenge
// this platform handed out for that purpose (each once). Wrong answers count
// per person like wrong passwords; right ones give their count back.
import { createHash, randomBytes } from 'node:crypto';
import {
  SECURITY_MESSAGES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  tooManyAttemptsMessage,
  type SecondFactorKind,
  type SecondFactorProof,
  type SecondFactorRequired,
  type WebauthnAssertion,
} from '@gets/schema';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { verify as verifyTotp } from 'otplib';
import { openTotpSecret } from './totp-secrets.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { countAttempt, uncountAttempt } from '../../limits/attempt-repository.ts';
import {
  countRecoveryCodes,
  findPasskeyByCredentialId,
  findPasskeys,
  findTotp,
  insertChallenge,
  takeChallenge,
  takeTotpStep,
  touchPasskey,
  useRecoveryCode,
  type ChallengePurpose,
  type StoredPasskey,
  type Subject,
} from './factor-repository.ts';
import { ceremonyOrigin, relyingParty } from './relying-party.ts';

export type FactorDeps = Pick<AppContext, 'db' | 'config' | 'publicUrl' | 'keystore'>;

/** A passkey ceremony may take this long (the browser's own prompt included). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A code of the previous or next 30 s step is accepted too (a clock a little off). */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** The scope of wrong second-factor answers in auth_attempts. */
const GUESS_SCOPE = 'second-factor';

export interface Factors {
  passkeys: StoredPasskey[];
  totp: boolean;
  /**
   * The confirmed app's secret as stored (sealed: totp-secrets.ts), read with
   * the rest, so a code is checked without reading it again.
   */
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  recoveryCodes: number;
  recoveryCodesCreatedAt: Date | null;
}

export async function factorsOf(db: Queryable, subject: Subject): Promise<Factors> {
  const [passkeys, totp, recovery] = await Promise.all([
    findPasskeys(db, subject),
    findTotp(db, subject),
    countRecoveryCodes(db, subject),
  ]);
  const totpSecret = totp?.secret ?? null;
  return {
    passkeys,
    totp: totpSecret !== null,
    totpSecret,
    totpEnabledAt: totp?.enabledAt ?? null,
    recoveryCodes: recovery.remaining,
    recoveryCodesCreatedAt: recovery.createdAt,
  };
}

export const hasFactor = (factors: Factors) => factors.passkeys.length > 0 || factors.totp;

/** The kinds a person may answer with; recovery codes only where `recovery` allows them. */
export function kindsOf(factors: Factors, recovery: boolean): SecondFactorKind[] {
  return [
    ...(factors.passkeys.length > 0 ? (['passkey'] as const) : []),
    ...(factors.totp ? (['totp'] as const) : []),
    ...(recovery && factors.recoveryCodes > 0 ? (['recoveryCode'] as const) : []),
  ];
}

/** Passkey request options for `challenge`, naming the subject's passkeys. */
export async function passkeyRequest(
  deps: FactorDeps,
  passkeys: StoredPasskey[],
  challenge: string,
) {
  return generateAuthenticationOptions({
    rpID: relyingParty(deps).id,
    challenge: isoBase64URL.toBuffer(challenge),
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as never,
    })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
}

export const newChallenge = () => randomBytes(32).toString('base64url');

/**
 * What a 401 asking for a factor carries: the kinds, and a passkey request
 * on a fresh challenge for `purpose` when the person has a passkey.
 */
export async function factorPrompt(
  deps: FactorDeps,
  subject: Subject,
  factors: Factors,
  purpose: ChallengePurpose,
  recovery: boolean,
): Promise<SecondFactorRequired> {
  let passkey: SecondFactorRequired['passkey'] = null;
  if (factors.passkeys.length > 0) {
    const challenge = newChallenge();
    await insertChallenge(deps.db, { challenge, purpose, subject, ttlMs: CHALLENGE_TTL_MS });
    passkey = { ...(await passkeyRequest(deps, factors.passkeys, challenge)) };
  }
  return { secondFactorRequired: true, kinds: kindsOf(factors, recovery), passkey };
}

const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
export { hashRecoveryCode };

/** The time step of a code of `secret`, or null when it is not one of the current window's. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  const result = await verifyTotp({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a passkey assertion against the subject's passkeys (any subject's
 * when `subject` is null: a sign-in with a discoverable passkey) and a
 * challenge `challengeOk` accepts; answers the passkey, with its counter and
 * last use updated, or null.
 */
export async function checkAssertion(
  deps: FactorDeps,
  subject: Subject | null,
  assertion: WebauthnAssertion,
  challengeOk: (challenge: string) => Promise<boolean> | boolean,
): Promise<StoredPasskey | null> {
  const passkey = await findPasskeyByCredentialId(deps.db, assertion.id);
  if (!passkey) return null;
  if (subject && (passkey.subject.kind !== subject.kind || passkey.subject.id !== subject.id)) {
    return null;
  }
  const rp = relyingParty(deps);
  const origin = ceremonyOrigin(rp, assertion.response.clientDataJSON);
  if (!origin) return null;
  try {
    const verified = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge: challengeOk,
      expectedOrigin: origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return null;
    await touchPasskey(deps.db, passkey.id, verified.authenticationInfo.newCounter);
    return passkey;
  } catch {
    return null;
  }
}

/** How a check takes a passkey's challenge: one handed out for a purpose, or a consent's own. */
export type PasskeyChallenge = { purpose: ChallengePurpose } | { consentChallenge: string | null };

/**
 * Checks one factor of `proof` for the subject; throws 401 (with a fresh
 * prompt) when none is given or the one given is wrong. A wrong answer takes
 * one of the person's attempts (429 once they are spent); a right one gives
 * it back.
 */
export async function requireFactor(
  deps: FactorDeps,
  subject: Subject,
  factors: Factors,
  proof: SecondFactorProof,
  options: { challenge: PasskeyChallenge; recovery: boolean; missingMessage: string },
): Promise<SecondFactorKind> {
  const refuse = async (message: string) => {
    const challenge = options.challenge;
    // A consent's passkey challenge is its own and stays good until it is used: asked again.
    const prompt =
      'purpose' in challenge
        ? await factorPrompt(deps, subject, factors, challenge.purpose, options.recovery)
        : {
            secondFactorRequired: true as const,
            kinds: kindsOf(factors, options.recovery),
            passkey:
              factors.passkeys.length > 0 && challenge.consentChallenge
                ? { ...(await passkeyRequest(deps, factors.passkeys, challenge.consentChallenge)) }
                : null,
          };
    return new AppError(401, message, prompt);
  };
  const given =
    proof.webauthn ?? proof.totpCode ?? (options.recovery ? proof.recoveryCode : undefined);
  if (given === undefined) throw await refuse(options.missingMessage);

  const limit = deps.config.rateLimits.perAccount;
  const windowSeconds = Math.ceil(limit.windowMs / 1000);
  const key = `${subject.kind}:${subject.id}`;
  const { attempts, retryAfterMs } = await countAttempt(deps.db, GUESS_SCOPE, key, windowSeconds);
  if (attempts > limit.max) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(429, tooManyAttemptsMessage(seconds), { retryAfterSeconds: seconds });
  }
  const right = async (kind: SecondFactorKind) => {
    await uncountAttempt(deps.db, GUESS_SCOPE, key, windowSeconds);
    return kind;
  };

  if (proof.webauthn && factors.passkeys.length > 0) {
    const challenge = options.challenge;
    const challengeOk =
      'purpose' in challenge
        ? (given: string) => takeChallenge(deps.db, given, challenge.purpose, subject)
        : (given: string) =>
            challenge.consentChallenge !== null && given === challenge.consentChallenge;
    if (await checkAssertion(deps, subject, proof.webauthn, challengeOk)) return right('passkey');
    throw await refuse(SECURITY_MESSAGES.passkeyFailed);
  }
  if (proof.totpCode && factors.totp) {
    // A seal that does not open (copied from another person's row, or damaged) checks no code.
    const secret =
      factors.totpSecret &&
      (await openTotpSecret(deps.keystore, subject, factors.totpSecret).catch(() => null));
    const step = secret ? await totpStep(secret, proof.totpCode) : null;
    if (step === null) throw await refuse(SECURITY_MESSAGES.wrongCode);
    if (!(await takeTotpStep(deps.db, subject, step)))
      throw await refuse(SECURITY_MESSAGES.codeUsed);
    return right('totp');
  }
  if (options.recovery && proof.recoveryCode) {
    if (await useRecoveryCode(deps.db, subject, hashRecoveryCode(proof.recoveryCode))) {
      return right('recoveryCode');
    }
    throw await refuse(SECURITY_MESSAGES.wrongRecoveryCode);
  }
  // A kind the person does not have.
  throw await refuse(options.missingMessage);
}
