// An admin whose ADMIN_ROLE is on chain: what every admin chain action needs
// (settings, treasury, admins), whichever module's call it is.
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findAdminById } from './admin-repository.ts';

export const ADMIN_NOT_ACTIVE = 'Your admin role is not on chain yet. Please try again in a moment';

/** Chain actions of an admin need their own ADMIN_ROLE on chain. */
export async function requireActiveAdmin(ctx: Pick<AppContext, 'db'>, actor: Actor) {
  const admin = await findAdminById(ctx.db, actor.id);
  if (admin?.roleStatus !== 'ACTIVE') throw new AppError(409, ADMIN_NOT_ACTIVE);
  return admin;
}
