// Accounts: registration with an email OTP (creating the custodial wallet in
// the same transaction), login, logout, password reset and profile.
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  SERVER_MESSAGES,
  SECURITY_MESSAGES,
  type SecondFactorProof,
  type WebauthnAssertion,
  type UserType,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue, requestConsent } from '../../custody/consent.ts';
import { AUTH_MESSAGES, type Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ipNetwork } from '../../http/ip-network.ts';
import { limitAttempts, resetAttempts } from '../../limits/attempt-limits.ts';
import { checkOtp, sendOtp, useOtp } from './otp.ts';
import { alreadyRegisteredMail, notRegisteredMail } from './otp-mails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { recordSecurityEvent } from './security-event-repository.ts';
import { revokePersonSessions } from './session-repository.ts';
import { createSession, revokeSession, type SignInMeta } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  findUserCredentials,
  insertUser,
  isUserNameTaken,
  setUserAccount,
  setUserPassword,
  updateUserProfile,
  type User,
} from './user-repository.ts';
import { toUserView } from './user-view.ts';

type Deps = Pick<
  AppContext,
  'db' | 'config' | 'mailer' | 'keystore' | 'publicUrl' | 'actions' | 'signIn'
> & {
  logError?: (error: unknown) => void;
};

/**
 * POST /admin-auth/send-verification-email: a registration code for a new
 * email. An email that has an account is mailed a note instead (log in, or
 * reset the password) and the caller gets the same answer, so the call never
 * tells whether an account exists; POST /metakeep says it, to the holder of a
 * valid code only.
 */
export async function sendVerificationEmail(deps: Deps, email: string) {
  const registered = await findUserByEmail(deps.db, email);
  const notice = registered ? alreadyRegisteredMail(email, deps.publicUrl()) : undefined;
  return sendOtp(deps, email, 'REGISTER', notice);
}

/**
 * POST /admin-auth/reset-password/mail: a reset code for a registered email;
 * an email without an account is mailed a note instead, with the same answer.
 */
export async function sendResetEmail(deps: Deps, email: string) {
  const registered = await findUserByEmail(deps.db, email);
  const notice = registered ? undefined : notRegisteredMail(email, deps.publicUrl());
  return sendOtp(deps, email, 'RESET', notice);
}

/** POST /admin-auth/verify-otp: checks the newest code of either purpose; does not use it up. */
export async function verifyOtp(deps: Deps, email: string, otp: string, ip: string) {
  const purpose = await checkOtp(deps, email, otp, ['REGISTER', 'RESET'], ip);
  return { email, purpose };
}

/**
 * POST /admin-auth/reset-password: uses the reset code, sets the password and
 * ends every session of the person, their admin sessions included.
 */
export async function resetPassword(
  deps: Deps,
  input: { email: string; otp: string; password: string },
  ip: string,
) {
  await checkOtp(deps, input.email, input.otp, ['RESET'], ip);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError(404, SERVER_MESSAGES.emailNotRegistered);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await useOtp(tx, input.email, input.otp, 'RESET');
    await setUserPassword(tx, user.id, passwordHash);
    await revokePersonSessions(tx, user.id);
    await recordSecurityEvent(
      tx,
      { kind: 'user', id: user.id },
      'password.reset',
      {},
      ipNetwork(ip),
    );
  });
  await resetAttempts(deps.db, 'login', { account: input.email, ip });
}

export interface RegisterInput {
  email: string;
  otp: string;
  password: string;
  fullName: string;
  userName: string;
  userType: UserType;
  profilePic?: string | null | undefined;
}

/**
 * POST /metakeep: the OTP proves the email; the user row, the custodial
 * wallet, the session and the consent for the on-chain registration are made
 * in one transaction, so a failure leaves no half account and the code unused.
 */
export async function register(deps: Deps, input: RegisterInput, meta: SignInMeta) {
  await checkOtp(deps, input.email, input.otp, ['REGISTER'], meta.ip);
  // Only after the code: it proves the caller holds the mailbox, who may learn
  // there is an account (the spec's answer, which sends them to /login).
  if (await findUserByEmail(deps.db, input.email)) {
    throw new AppError(409, SERVER_MESSAGES.emailAlreadyRegistered);
  }
  if (await isUserNameTaken(deps.db, input.userName)) {
    throw new AppError(409, ACCOUNT_MESSAGES.userNameTaken);
  }
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  const owner = { kind: 'user' as const, id };
  try {
    const { session, consent } = await deps.db.transaction(async (tx) => {
      await useOtp(tx, input.email, input.otp, 'REGISTER');
      await insertUser(tx, {
        id,
        email: input.email,
        passwordHash,
        fullName: input.fullName,
        userName: input.userName,
        userType: input.userType,
        // Sponsors wait for an administrator; earners can start at once.
        status: input.userType === 'SPONSOR' ? 'PENDING' : 'APPROVED',
        emailVerified: true,
        profilePic: input.profilePic ?? null,
      });
      const account = await deps.keystore.createWallet(tx, owner);
      await setUserAccount(tx, id, account);
      const consent = await requestConsent(deps.actions, tx, owner, { type: 'registerUser' });
      const session = await createSession(tx, owner, deps.config.sessionTtlMs, meta);
      return { session, consent };
    });
    // This browser is the account's first: its later sign-ins from here are not news.
    await deps.signIn.announceSignIn(owner, meta);
    const user = (await findUserById(deps.db, id))!;
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: toUserView(user),
      consent,
    };
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** Two registrations racing past the checks: the unique index decides, with the same words. */
function uniqueViolation(error: unknown): AppError | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return undefined;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('users_email_key')) {
    return new AppError(409, SERVER_MESSAGES.emailAlreadyRegistered);
  }
  if (where.includes('users_user_name_key'))
    return new AppError(409, ACCOUNT_MESSAGES.userNameTaken);
  return undefined;
}

/**
 * POST /metakeep/register-onchain: registers the user's wallet in the
 * UserRegistry through consent; the pipeline stores onChainId on COMPLETED.
 */
export async function registerOnChain(deps: Deps, actor: Actor, consentToken: string | undefined) {
  const user = await requireUserRow(deps, actor.id);
  if (user.onChainId !== null) throw new AppError(409, ACCOUNT_MESSAGES.alreadyOnChain);
  return consentOrQueue(deps, actor, { type: 'registerUser' }, consentToken);
}

/**
 * POST /metakeep/sponsor: the spec's on-chain registration call of a sponsor,
 * the same registerUser action as /metakeep/register-onchain, for a sponsor
 * and with their own email in the body.
 */
export async function registerSponsorOnChain(
  deps: Deps,
  actor: Actor,
  input: { email: string; consentToken?: string | undefined },
) {
  const user = await requireUserRow(deps, actor.id);
  if (user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new AppError(403, ACCOUNT_MESSAGES.emailNotYours);
  }
  if (user.userType !== 'SPONSOR') throw new AppError(403, ACCOUNT_MESSAGES.sponsorsOnly);
  return registerOnChain(deps, actor, input.consentToken);
}

/**
 * POST /metakeep/auth/login: the same answer for an unknown email and a wrong
 * password. A person with a second factor signs in with the password and one
 * of it (401 asks for it); a wrong code is a wrong attempt like a password.
 */
export async function login(
  deps: Deps,
  input: { email: string; password: string } & SecondFactorProof,
  meta: SignInMeta,
) {
  const subject = { account: input.email, ip: meta.ip };
  await limitAttempts(deps.db, deps.config, 'login', subject);
  const found = await findUserCredentials(deps.db, input.email);
  const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
  if (!found || !ok) throw new AppError(401, ACCOUNT_MESSAGES.invalidCredentials);
  // Said only to the one who knows the password.
  if (found.user.bannedAt) throw new AppError(403, AUTH_MESSAGES.banned);
  await deps.signIn.requireLoginFactor({ kind: 'user', id: found.user.id }, input);
  await resetAttempts(deps.db, 'login', subject);
  const session = await deps.signIn.openSession(
    { kind: 'user', id: found.user.id },
    meta,
    'password',
  );
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: toUserView(found.user),
  };
}

/**
 * POST /metakeep/auth/passkey/login: "Sign in with a passkey", no password:
 * the passkey is the user's and their device's check together.
 */
export async function loginWithPasskey(deps: Deps, webauthn: WebauthnAssertion, meta: SignInMeta) {
  const subject = await deps.signIn.passkeyLoginSubject(webauthn);
  const user = await findUserById(deps.db, subject.id);
  if (!user) throw new AppError(401, SECURITY_MESSAGES.passkeyFailed);
  if (user.bannedAt) throw new AppError(403, AUTH_MESSAGES.banned);
  const session = await deps.signIn.openSession(subject, meta, 'passkey');
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: toUserView(user),
  };
}

export async function logout(deps: Pick<Deps, 'db'>, actor: Actor) {
  await revokeSession(deps.db, actor.token);
}

async function requireUserRow(deps: Pick<Deps, 'db'>, id: string): Promise<User> {
  const user = await findUserById(deps.db, id);
  if (!user) throw new AppError(404, ACCOUNT_MESSAGES.userNotFound);
  return user;
}

export async function me(deps: Pick<Deps, 'db'>, actor: Actor) {
  return toUserView(await requireUserRow(deps, actor.id));
}

/** POST /user/updateProfile: full name, picture and reminder emails only, and only one's own. */
export async function updateProfile(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  input: {
    id: string;
    fullName: string;
    profilePic?: string | null | undefined;
    emailClaimReminder?: boolean | undefined;
    emailApplicationDigest?: boolean | undefined;
  },
) {
  if (input.id !== actor.id) throw new AppError(403, ACCOUNT_MESSAGES.profileNotYours);
  await requireUserRow(deps, actor.id);
  await updateUserProfile(deps.db, actor.id, {
    fullName: input.fullName,
    profilePic: input.profilePic,
    emailClaimReminder: input.emailClaimReminder,
    emailApplicationDigest: input.emailApplicationDigest,
  });
  return toUserView(await requireUserRow(deps, actor.id));
}

/** GET /user/isApproved: true once an administrator has approved the sponsor (earners: always). */
export async function isApproved(deps: Pick<Deps, 'db'>, actor: Actor) {
  return (await requireUserRow(deps, actor.id)).status === 'APPROVED';
}
