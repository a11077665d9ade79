// Admin login and logout. Admin sessions are their own kind, so a user token
// never reaches an admin call; the login also needs the secret of the
// /admin/login#<secret> link the first start printed.
import { timingSafeEqual, createHash } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  SESSION_MESSAGES,
  type AdminDetails,
  type SecondFactorProof,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { limitAttempts, resetAttempts } from '../../limits/attempt-limits.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { revokeSession, type SignInMeta } from '../accounts/sessions.ts';
import { readPeriods } from '../../chain/platform-periods.ts';
import { findAdminCredentials, type Admin } from './admin-repository.ts';
import { ADMIN_LOGIN_SECRET_SETTING } from './first-admin.ts';
import { findSetting } from './settings-repository.ts';

export const ADMIN_MESSAGES = {
  secretMissing: 'Admin login is only available from the admin login link',
  removed: 'This admin account has been removed',
} as const;

type Deps = Pick<AppContext, 'db' | 'config' | 'chain' | 'contracts' | 'publicUrl' | 'signIn'>;

export async function loginSecret(deps: Pick<Deps, 'db' | 'config'>): Promise<string | null> {
  return deps.config.adminLoginSecret ?? (await findSetting(deps.db, ADMIN_LOGIN_SECRET_SETTING));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (on digests, so lengths do not leak either). */
export async function isAdminLoginSecret(deps: Pick<Deps, 'db' | 'config'>, given: string) {
  const secret = await loginSecret(deps);
  return secret !== null && timingSafeEqual(digest(secret), digest(given));
}

/** The admin session's details (spec section 3); periods read from the settings contract (days). */
export async function adminDetails(
  deps: Pick<AppContext, 'db' | 'config' | 'chain' | 'contracts'>,
  admin: Admin,
): Promise<AdminDetails> {
  return {
    _id: admin.id,
    email: admin.email,
    account: admin.account,
    ...(await readPeriods(deps)),
  };
}

/** POST /admin/adminLogin */
export async function adminLogin(
  deps: Deps,
  input: { email: string; password: string } & SecondFactorProof,
  secret: string | undefined,
  meta: SignInMeta,
) {
  const ip = meta.ip;
  if (!secret || !(await isAdminLoginSecret(deps, secret))) {
    throw new AppError(403, ADMIN_MESSAGES.secretMissing);
  }
  const subject = { account: input.email, ip };
  await limitAttempts(deps.db, deps.config, 'admin-login', subject);
  const found = await findAdminCredentials(deps.db, input.email);
  const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
  if (!found || !ok) throw new AppError(401, ACCOUNT_MESSAGES.invalidCredentials);
  // A banned sponsor who is also an admin must not sign in here and lift their own ban.
  if (found.userBanned) throw new AppError(403, SESSION_MESSAGES.banned);
  // Only admins whose role is granted or being granted sign in.
  if (found.admin.roleStatus !== 'ACTIVE' && found.admin.roleStatus !== 'GRANTING') {
    throw new AppError(403, ADMIN_MESSAGES.removed);
  }
  await deps.signIn.requireLoginFactor({ kind: 'admin', id: found.admin.id }, input);
  await resetAttempts(deps.db, 'admin-login', subject);
  const session = await deps.signIn.openSession(
    { kind: 'admin', id: found.admin.id },
    meta,
    'password',
  );
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    adminDetails: await adminDetails(deps, found.admin),
  };
}

export async function adminLogout(deps: Pick<Deps, 'db'>, actor: Actor) {
  await revokeSession(deps.db, actor.token);
}
