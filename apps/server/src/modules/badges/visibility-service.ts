// Who sees which badge, and what they see of one: its details, and the title
// and tags its page's link previews with.
import { BADGE_MESSAGES, PRODUCT_NAME, TOKEN, formatGets } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { view } from './badge-checks.ts';
import { findBadge, type StoredBadge } from './badge-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

/**
 * Who may see a badge by its id: approved and banned ones anyone (a private
 * badge too: its link is the invitation); pending and removed ones their
 * sponsor and admins; drafts their sponsor; deleted ones nobody.
 */
export function canSee(badge: StoredBadge, actor: Actor | undefined): boolean {
  const isOwner = actor?.kind === 'user' && actor.id === badge.sponsorId;
  const isAdmin = actor?.kind === 'admin';
  switch (badge.status) {
    case 'VERIFIED':
    case 'BANNED':
      return true;
    case 'UNDER_VERIFICATION':
    case 'REMOVED':
      return isOwner || isAdmin;
    case 'DRAFT':
      return isOwner;
    default:
      return false;
  }
}

/** GET /badge/details/{id} */
export async function badgeDetails(ctx: Ctx, actor: Actor | undefined, id: string) {
  const badge = await findBadge(ctx.db, id);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, BADGE_MESSAGES.notFound);
  return view(ctx, badge);
}

const BADGE_PAGE = /^\/badge\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Title and Open Graph tags of /badge/{id} for a badge anyone may see, so a shared link previews well. */
export async function badgePageMeta(ctx: Ctx, pathname: string) {
  const id = BADGE_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const badge = await findBadge(ctx.db, id.toLowerCase());
  if (!badge || !canSee(badge, undefined)) return null;
  return {
    title: `${badge.name} - ${PRODUCT_NAME}`,
    description:
      `${badge.name} by ${badge.sponsor.fullName}: ${formatGets(badge.amountOfToken)} ${TOKEN.symbol} reward per badge. ${badge.description}`.slice(
        0,
        300,
      ),
    image: badge.image,
  };
}
