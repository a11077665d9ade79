// The person's own second factors: what they have, adding and removing
// passkeys and the authenticator app, and their recovery codes. A change is
// confirmed with a factor the person already has (step-up.ts); the first
// factor also hands out the recovery codes, once.
import { randomBytes } from 'node:crypto';
import {
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  SECURITY_ACTIVITY_LIMIT,
  SECURITY_MESSAGES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type PasskeyOptions,
  type SecondFactorProof,
  type SecurityOverview,
  type WebauthnAttestation,
} from '@gets/schema';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { generateSecret, generateURI } from 'otplib';
import type { Keystore } from '../../custody/keystore.ts';
import type { Queryable } from '../../db/database.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import {
  confirmPendingTotp,
  deletePasskey,
  deleteRecoveryCodes,
  deleteTotp,
  findTotp,
  insertChallenge,
  insertPasskey,
  replaceRecoveryCodes,
  setPendingTotp,
  takeChallenge,
  type StoredPasskey,
  type Subject,
} from './factor-repository.ts';
import { ceremonyOrigin, relyingParty } from './relying-party.ts';
import {
  recentSecurityEvents,
  recordSecurityEvent,
} from '../accounts/security-event-repository.ts';
import {
  CHALLENGE_TTL_MS,
  factorsOf,
  hasFactor,
  hashRecoveryCode,
  newChallenge,
  totpStep,
  type FactorDeps,
} from './second-factor.ts';
import { requireStepUp, subjectOf } from './step-up.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.ts';

/** Crockford's base32 without look-alikes: a recovery code is read and typed by a person. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Three groups of four: about 59 bits, beyond guessing within the attempt limits. */
const RECOVERY_CODE_GROUPS = 3;

function recoveryCode(): string {
  const bytes = randomBytes(RECOVERY_CODE_GROUPS * 4);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return Array.from({ length: RECOVERY_CODE_GROUPS }, (_, i) =>
    chars.slice(i * 4, i * 4 + 4).join(''),
  ).join('-');
}

/** New recovery codes for the subject (every earlier one stops working); shown once. */
async function newRecoveryCodes(deps: FactorDeps, subject: Subject): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await replaceRecoveryCodes(deps.db, subject, codes.map(hashRecoveryCode));
  return codes;
}

const passkeyView = (passkey: StoredPasskey) => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt.toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

/** "Safari 17 on iOS 17.1": the browser a sign-in's event recorded, as its mail named it. */
function deviceOf(details: Record<string, unknown>): string | null {
  const { browser, system } = details;
  return typeof browser === 'string' && typeof system === 'string'
    ? `${browser} on ${system}`
    : null;
}

/** GET /security */
export async function securityOverview(deps: FactorDeps, actor: Actor): Promise<SecurityOverview> {
  const subject = subjectOf(actor);
  const [factors, activity] = await Promise.all([
    factorsOf(deps.db, subject),
    recentSecurityEvents(deps.db, subject, SECURITY_ACTIVITY_LIMIT),
  ]);
  const admin = actor.kind === 'admin';
  return {
    passkeys: factors.passkeys.map(passkeyView),
    totp: { enabled: factors.totp, enabledAt: factors.totpEnabledAt?.toISOString() ?? null },
    recoveryCodes: {
      remaining: factors.recoveryCodes,
      createdAt: factors.recoveryCodesCreatedAt?.toISOString() ?? null,
    },
    hasSecondFactor: hasFactor(factors),
    factorRequired: admin,
    walletExport: admin
      ? { allowed: false, reason: SECURITY_MESSAGES.adminWalletNotExportable }
      : { allowed: true, reason: null },
    recentActivity: activity.map((change) => ({
      event: change.event,
      at: change.at.toISOString(),
      network: change.network,
      device: deviceOf(change.details),
    })),
  };
}

/** POST /security/passkeys/options: registration options, once a factor the person has confirmed it. */
export async function passkeyRegistrationOptions(
  deps: FactorDeps,
  actor: Actor,
  proof: SecondFactorProof,
): Promise<PasskeyOptions> {
  await requireStepUp(deps, actor, proof);
  const subject = subjectOf(actor);
  const factors = await factorsOf(deps.db, subject);
  const challenge = newChallenge();
  await insertChallenge(deps.db, {
    challenge,
    purpose: 'register',
    subject,
    ttlMs: CHALLENGE_TTL_MS,
  });
  return {
    ...(await generateRegistrationOptions({
      rpName: PRODUCT_NAME,
      rpID: relyingParty(deps).id,
      userName: actor.email,
      userDisplayName: actor.email,
      userID: isoUint8Array.fromUTF8String(`${subject.kind}:${subject.id}`),
      challenge: isoBase64URL.toBuffer(challenge),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: factors.passkeys.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      // Discoverable, so "Sign in with a passkey" needs no email.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })),
  };
}

/** The first factor of a person hands out their recovery codes; later ones none. */
async function recoveryCodesIfFirst(deps: FactorDeps, subject: Subject, hadFactor: boolean) {
  return hadFactor ? null : newRecoveryCodes(deps, subject);
}

/** POST /security/passkeys: the passkey made on a registration challenge of this person. */
export async function addPasskey(
  deps: FactorDeps,
  actor: Actor,
  input: { name: string; attestation: WebauthnAttestation },
) {
  const subject = subjectOf(actor);
  const hadFactor = hasFactor(await factorsOf(deps.db, subject));
  const rp = relyingParty(deps);
  const origin = ceremonyOrigin(rp, input.attestation.response.clientDataJSON);
  if (!origin) throw new AppError(400, SECURITY_MESSAGES.passkeyFailed);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.attestation as RegistrationResponseJSON,
      expectedChallenge: (challenge) => takeChallenge(deps.db, challenge, 'register', subject),
      expectedOrigin: origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError(400, SECURITY_MESSAGES.passkeyFailed);
  }
  if (!verified.verified) throw new AppError(400, SECURITY_MESSAGES.passkeyFailed);
  const { credential } = verified.registrationInfo;
  const passkey = await insertPasskey(deps.db, {
    subject,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: input.name,
  });
  await recordSecurityEvent(deps.db, subject, 'passkey.add', { name: input.name });
  return {
    passkey: passkeyView(passkey),
    recoveryCodes: await recoveryCodesIfFirst(deps, subject, hadFactor),
  };
}

/**
 * An admin keeps at least one passkey or app (admins must have a factor);
 * anyone else may remove their last one.
 */
async function keepAdminsLastFactor(deps: FactorDeps, actor: Actor, removing: 'passkey' | 'totp') {
  if (actor.kind !== 'admin') return;
  const factors = await factorsOf(deps.db, subjectOf(actor));
  const left =
    factors.passkeys.length -
    (removing === 'passkey' ? 1 : 0) +
    (factors.totp && removing !== 'totp' ? 1 : 0);
  if (left < 1) throw new AppError(409, SECURITY_MESSAGES.lastFactor);
}

/** With the last factor gone, the recovery codes have nothing left to recover. */
async function forgetCodesWithoutFactor(deps: FactorDeps, subject: Subject) {
  if (!hasFactor(await factorsOf(deps.db, subject))) await deleteRecoveryCodes(deps.db, subject);
}

/** DELETE /security/passkeys/{id} */
export async function removePasskey(
  deps: FactorDeps,
  actor: Actor,
  id: string,
  proof: SecondFactorProof,
) {
  await requireStepUp(deps, actor, proof);
  await keepAdminsLastFactor(deps, actor, 'passkey');
  const subject = subjectOf(actor);
  if (!(await deletePasskey(deps.db, subject, id))) {
    throw new AppError(404, 'This passkey was not found');
  }
  await recordSecurityEvent(deps.db, subject, 'passkey.remove', { id });
  await forgetCodesWithoutFactor(deps, subject);
}

/** POST /security/totp/setup: a new secret, in force once a first code of it is confirmed. */
export async function startTotpSetup(deps: FactorDeps, actor: Actor, proof: SecondFactorProof) {
  await requireStepUp(deps, actor, proof);
  const secret = generateSecret();
  const subject = subjectOf(actor);
  await setPendingTotp(deps.db, subject, sealTotpSecret(deps.keystore, subject, secret));
  const otpauthUri = generateURI({
    issuer: PRODUCT_NAME,
    label: actor.email,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  return { secret, otpauthUri };
}

/** POST /security/totp/confirm: the app's first code proves it has the secret. */
export async function confirmTotp(deps: FactorDeps, actor: Actor, code: string) {
  const subject = subjectOf(actor);
  const hadFactor = hasFactor(await factorsOf(deps.db, subject));
  const totp = await findTotp(deps.db, subject);
  if (!totp?.pendingSecret) throw new AppError(409, SECURITY_MESSAGES.totpNotStarted);
  const pending = await openTotpSecret(deps.keystore, subject, totp.pendingSecret);
  const step = await totpStep(pending, code);
  // The row's sealed text is compared: a second set-up meanwhile replaced it.
  if (step === null || !(await confirmPendingTotp(deps.db, subject, totp.pendingSecret, step))) {
    throw new AppError(400, SECURITY_MESSAGES.wrongCode);
  }
  await recordSecurityEvent(deps.db, subject, 'totp.enable');
  return { recoveryCodes: await recoveryCodesIfFirst(deps, subject, hadFactor) };
}

/** DELETE /security/totp */
export async function removeTotp(deps: FactorDeps, actor: Actor, proof: SecondFactorProof) {
  await requireStepUp(deps, actor, proof);
  await keepAdminsLastFactor(deps, actor, 'totp');
  const subject = subjectOf(actor);
  if (!(await deleteTotp(deps.db, subject))) {
    throw new AppError(404, 'No authenticator app is set up');
  }
  await recordSecurityEvent(deps.db, subject, 'totp.remove');
  await forgetCodesWithoutFactor(deps, subject);
}

/** POST /security/recovery-codes: new codes (the old ones stop working), for a person with a factor. */
export async function regenerateRecoveryCodes(
  deps: FactorDeps,
  actor: Actor,
  proof: SecondFactorProof,
) {
  const { hasFactor: has } = await requireStepUp(deps, actor, proof);
  if (!has)
    throw new AppError(
      409,
      'Add a passkey or an authenticator app first: recovery codes stand in for them',
    );
  await recordSecurityEvent(deps.db, subjectOf(actor), 'recovery-codes.replace');
  return { recoveryCodes: await newRecoveryCodes(deps, subjectOf(actor)) };
}

/**
 * ADMIN_TOTP_SECRET: the first admin's authenticator app, enrolled at the
 * first start so a deployment is provisioned without a browser. Never
 * printed or logged.
 */
export async function enrolProvisionedTotp(
  db: Queryable,
  keystore: Keystore,
  subject: Subject,
  secret: string,
) {
  const sealed = sealTotpSecret(keystore, subject, secret);
  await setPendingTotp(db, subject, sealed);
  await confirmPendingTotp(db, subject, sealed, 0);
}
