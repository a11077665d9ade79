// Invitations of new admins: a mail with a link to the admin login page that
// carries a single-use token, where the invited admin sets a password and is
// signed in. The link also carries the admin login secret in its fragment,
// since the page opens only from that.
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_INVITE_QUERY_PARAM, PRODUCT_NAME } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { utcDateTime } from '../../mail/dates-for-people.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { createSession } from '../accounts/sessions.ts';
import { findAdminById, setAdminPassword } from './admin-repository.ts';
import { findLiveInvitation, insertInvitation, useInvitation } from './invitation-repository.ts';
import { adminDetails, ADMIN_MESSAGES, isAdminLoginSecret, loginSecret } from './service.ts';

/** An invitation link works for a week. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid or has expired',
  accepted: 'Welcome! Your admin password is set',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Makes an invitation (replacing an unused one) and answers the token to mail. */
export async function createInvitation(db: Queryable, adminId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await insertInvitation(db, {
    tokenHash: sha256(token),
    adminId,
    ttlMs: INVITATION_TTL_MS,
  });
  return { token, expiresAt };
}

/** Mails the invitation link; `origin` is the web app's (the inviting admin's browser). */
export async function mailInvitation(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  invitation: { email: string; token: string; expiresAt: Date; invitedBy: string },
  origin: string,
) {
  const secret = await loginSecret(ctx);
  const link = `${origin}/admin/login?${ADMIN_INVITE_QUERY_PARAM}=${invitation.token}#${secret ?? ''}`;
  await ctx.mailer.send({
    to: invitation.email,
    subject: `You are invited to administer ${PRODUCT_NAME}`,
    text: [
      `${invitation.invitedBy} added you as an administrator of ${PRODUCT_NAME}.`,
      '',
      `Open this link to set your password and sign in (it works once, until ${utcDateTime(invitation.expiresAt)}):`,
      link,
      '',
      'Keep the link private: the admin login page opens only from it.',
    ].join('\n'),
    consoleLine: `Admin invitation for ${invitation.email}: ${link}`,
  });
}

/** POST /admin/invitation: which email an invitation is for (the token is not used). */
export async function checkInvitation(ctx: Pick<AppContext, 'db'>, token: string) {
  const invitation = await findLiveInvitation(ctx.db, sha256(token));
  if (!invitation) throw new AppError(404, INVITATION_MESSAGES.invalid);
  return { email: invitation.email, expiresAt: invitation.expiresAt.toISOString() };
}

/** POST /admin/invitation/accept: sets the password once and signs the new admin in. */
export async function acceptInvitation(
  ctx: Pick<AppContext, 'db' | 'config' | 'chain' | 'contracts'>,
  input: { token: string; password: string },
  secret: string | undefined,
) {
  if (!secret || !(await isAdminLoginSecret(ctx, secret))) {
    throw new AppError(403, ADMIN_MESSAGES.secretMissing);
  }
  const passwordHash = await hashPassword(input.password);
  const { adminId, session } = await ctx.db.transaction(async (tx) => {
    const adminId = await useInvitation(tx, sha256(input.token));
    if (!adminId) throw new AppError(404, INVITATION_MESSAGES.invalid);
    await setAdminPassword(tx, adminId, passwordHash);
    const session = await createSession(
      tx,
      { kind: 'admin', id: adminId },
      ctx.config.sessionTtlMs,
    );
    return { adminId, session };
  });
  const admin = (await findAdminById(ctx.db, adminId))!;
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    adminDetails: await adminDetails(ctx, admin),
  };
}
