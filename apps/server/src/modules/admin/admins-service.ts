// More administrators ("Add more admins", spec section 2, whose behaviour the
// spec leaves open). An email invites a new admin with a wallet of their own;
// the wallet address of an existing user makes that user's wallet an admin
// (they sign in with their user password). Either way the acting admin's
// wallet grants ADMIN_ROLE on chain through consent and the pipeline; an
// admin removes another (never themselves, so never the last) by revoking it.
import { randomUUID } from 'node:crypto';
import type { AdminAccount } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import { holdAdvisoryLock, type Queryable } from '../../db/database.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount } from '../accounts/user-repository.ts';
import {
  countActiveAdmins,
  findAdminById,
  findAdminsMatching,
  insertProposedAdmin,
  listListedAdmins,
  moveAdminRoleStatus,
  setAdminAccount,
  type Admin,
} from '../admin-auth/admin-repository.ts';
import { createInvitation, mailInvitation } from '../admin-auth/invitations.ts';
import { ADMIN_NOT_ACTIVE, requireActiveAdmin } from '../admin-auth/active-admin.ts';

export const ADMINS_MESSAGES = {
  list: 'Admins',
  notActive: ADMIN_NOT_ACTIVE,
  noUserWallet: 'No user has this wallet address',
  alreadyAdmin: 'This person is already an admin',
  notFound: 'Admin not found',
  notYourself: 'You cannot remove yourself',
  lastAdmin: 'The last admin cannot be removed',
  roleChanging: "This admin's role is being changed. Please try again when it is done",
  changed: 'This admin changed meanwhile. Please try again',
  invited: 'Admin invited: the role is being granted and an invitation was mailed',
  notMailed: 'The admin role is being granted, but the invitation mail could not be sent',
  granted: 'The admin role is being granted',
  removing: 'The admin role is being revoked',
} as const;

type Deps = Pick<AppContext, 'db' | 'keystore' | 'config' | 'mailer' | 'actions'> & {
  logError?: (error: unknown) => void;
};

const LISTED = new Set(['GRANTING', 'ACTIVE', 'REVOKING']);

const toAdminAccount = (admin: Admin): AdminAccount => ({
  _id: admin.id,
  email: admin.email,
  account: admin.account,
  status: admin.roleStatus as AdminAccount['status'],
  fromUserWallet: admin.userId !== null,
  canSignIn: admin.hasPassword,
  addedAt: admin.createdAt.toISOString(),
});

/** GET /admin/admins: the Managers column, oldest first. */
export async function listAdmins(ctx: Pick<AppContext, 'db'>): Promise<AdminAccount[]> {
  return (await listListedAdmins(ctx.db)).map(toAdminAccount);
}

const isAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value);

/**
 * The admin row a candidate becomes: an unlisted one found again (a consent
 * asked before, or a removed admin), else a new PROPOSED row; an invited admin
 * gets a custodial wallet of their own.
 */
async function candidateAdmin(deps: Deps, emailOrAddress: string): Promise<Admin> {
  const byAddress = isAddress(emailOrAddress);
  const user = byAddress ? await findUserByAccount(deps.db, emailOrAddress) : null;
  if (byAddress && !user?.account) throw new AppError(404, ADMINS_MESSAGES.noUserWallet);
  const email = user ? user.email : emailOrAddress.toLowerCase();
  const matches = await findAdminsMatching(deps.db, {
    email,
    ...(user ? { account: user.account!, userId: user.id } : {}),
  });
  if (matches.some((admin) => LISTED.has(admin.roleStatus))) {
    throw new AppError(409, ADMINS_MESSAGES.alreadyAdmin);
  }
  const reusable = matches.find((admin) =>
    user ? admin.userId === user.id : admin.userId === null,
  );
  if (reusable) return reusable;
  // The email is an unlisted admin of the other kind: it cannot be both.
  if (matches.length > 0) throw new AppError(409, ADMINS_MESSAGES.alreadyAdmin);

  const id = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      await insertProposedAdmin(tx, {
        id,
        email,
        userId: user?.id ?? null,
        account: user?.account ?? null,
      });
      if (!user)
        await setAdminAccount(tx, id, await deps.keystore.createWallet(tx, { kind: 'admin', id }));
    });
  } catch (error) {
    // Another admin proposed the same person at the same moment.
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(409, ADMINS_MESSAGES.changed);
    }
    throw error;
  }
  return (await findAdminById(deps.db, id))!;
}

/**
 * POST /admin/admins: without a token, the consent to grant ADMIN_ROLE to the
 * candidate's wallet; with it, the grant is queued and the admin listed
 * (GRANTING), and an invited admin is mailed a link to set a password.
 */
export async function addAdmin(
  deps: Deps,
  actor: Actor,
  input: { emailOrAddress: string; consentToken?: string | undefined },
  origin: string,
) {
  const acting = await requireActiveAdmin(deps, actor);
  const candidate = await candidateAdmin(deps, input.emailOrAddress);
  const action = { type: 'grantAdminRole' as const, account: candidate.account! };
  let invitation: { token: string; expiresAt: Date } | undefined;
  const answer = await consentOrQueue(deps, actor, action, input.consentToken, async (tx) => {
    await lockRoleChanges(tx);
    const moved = await moveAdminRoleStatus(
      tx,
      candidate.id,
      ['PROPOSED', 'REMOVED'],
      'GRANTING',
      actor.id,
    );
    if (!moved) throw new AppError(409, ADMINS_MESSAGES.changed);
    if (candidate.userId === null && !candidate.hasPassword) {
      invitation = await createInvitation(tx, candidate.id);
    }
  });
  let mailed = false;
  if (invitation) {
    // The grant is queued whatever happens to the mail; say if it did not go.
    mailed = await mailInvitation(
      deps,
      { email: candidate.email, ...invitation, invitedBy: acting.email },
      origin,
    ).then(
      () => true,
      (error: unknown) => {
        deps.logError?.(error);
        return false;
      },
    );
  }
  return { answer, invited: invitation !== undefined, mailed };
}

/**
 * DELETE /admin/admins/{id}: without a token, the consent to revoke the
 * admin's ADMIN_ROLE; with it, the revoke is queued (REVOKING: their sessions
 * stop working at once and end when it completes).
 */
export async function removeAdmin(
  deps: Pick<Deps, 'db' | 'config' | 'actions'>,
  actor: Actor,
  targetId: string,
  consentToken: string | undefined,
) {
  await requireActiveAdmin(deps, actor);
  if (targetId === actor.id) throw new AppError(400, ADMINS_MESSAGES.notYourself);
  const target = await findAdminById(deps.db, targetId);
  if (!target || !LISTED.has(target.roleStatus)) throw new AppError(404, ADMINS_MESSAGES.notFound);
  if (target.roleStatus !== 'ACTIVE') throw new AppError(409, ADMINS_MESSAGES.roleChanging);
  const action = { type: 'revokeAdminRole' as const, account: target.account! };
  return consentOrQueue(deps, actor, action, consentToken, async (tx) => {
    await lockRoleChanges(tx);
    // Read again under the lock: the actor may have been removed meanwhile.
    const me = await findAdminById(tx, actor.id);
    if (me?.roleStatus !== 'ACTIVE') throw new AppError(409, ADMINS_MESSAGES.notActive);
    if ((await countActiveAdmins(tx)) < 2) throw new AppError(409, ADMINS_MESSAGES.lastAdmin);
    const moved = await moveAdminRoleStatus(tx, targetId, ['ACTIVE'], 'REVOKING');
    if (!moved) throw new AppError(409, ADMINS_MESSAGES.changed);
  });
}

async function lockRoleChanges(tx: Queryable) {
  await holdAdvisoryLock(tx, 'adminRoles');
}
