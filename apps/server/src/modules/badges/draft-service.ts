// Drafts: saved, edited and deleted by their sponsor, never on chain (a
// publish turns one into a badge, publish-service.ts).
import { randomUUID } from 'node:crypto';
import { BADGE_MESSAGES, toBaseUnits, type BadgeAccess } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ownBadge, sponsorOf, view } from './badge-checks.ts';
import {
  deleteDraft,
  findBadge,
  insertDraft,
  isDraftPublishing,
  updateDraft,
  type BadgeContent,
} from './badge-repository.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config'>;

/** The content fields every badge call takes, as the shared schema parsed them. */
export interface ContentInput {
  name: string;
  amountOfToken: string;
  numberOfBadge: number;
  awardCriteria: string;
  educationsDetails?: string | null | undefined;
  description: string;
  image: string;
  batchExpiryDate: Date;
  badgeAccess: BadgeAccess;
  extraLink?: string | null | undefined;
  sponsorAddress?: string | undefined;
}

export const toContent = (
  input: Omit<ContentInput, 'badgeAccess'> & { badgeAccess?: BadgeAccess | undefined },
  isPublic = input.badgeAccess === 'public',
): BadgeContent => ({
  name: input.name,
  description: input.description,
  awardCriteria: input.awardCriteria,
  educationsDetails: input.educationsDetails ?? null,
  image: input.image,
  extraLink: input.extraLink ?? null,
  isPublic,
  amountOfToken: toBaseUnits(input.amountOfToken),
  numberOfBadge: input.numberOfBadge,
  batchExpiryDate: input.batchExpiryDate,
});

/** POST /badge/add/draft: saved, never on chain. */
export async function createDraft(ctx: Ctx, actor: Actor, input: ContentInput) {
  await sponsorOf(ctx, actor, input);
  const id = randomUUID();
  await insertDraft(ctx.db, { id, sponsorId: actor.id, content: toContent(input) });
  return view(ctx, (await findBadge(ctx.db, id))!);
}

/** PUT /badge/edit/draft */
export async function editDraft(ctx: Ctx, actor: Actor, input: ContentInput & { _id: string }) {
  await sponsorOf(ctx, actor, input);
  const draft = await ownBadge(
    ctx,
    actor,
    await findBadge(ctx.db, input._id),
    BADGE_MESSAGES.draftNotFound,
  );
  if (draft.status !== 'DRAFT') throw new AppError(409, BADGE_MESSAGES.notADraft);
  if (await isDraftPublishing(ctx.db, draft.id))
    throw new AppError(409, BADGE_MESSAGES.draftPublishing);
  if (!(await updateDraft(ctx.db, draft.id, toContent(input)))) {
    throw new AppError(409, BADGE_MESSAGES.notADraft);
  }
  return view(ctx, (await findBadge(ctx.db, draft.id))!);
}

/** DELETE /badge/delete/draft/{id} */
export async function removeDraft(ctx: Ctx, actor: Actor, id: string) {
  const draft = await ownBadge(
    ctx,
    actor,
    await findBadge(ctx.db, id),
    BADGE_MESSAGES.draftNotFound,
  );
  if (draft.status !== 'DRAFT') throw new AppError(409, BADGE_MESSAGES.notADraft);
  if (await isDraftPublishing(ctx.db, draft.id))
    throw new AppError(409, BADGE_MESSAGES.draftPublishing);
  await deleteDraft(ctx.db, draft.id);
  return { _id: draft.id };
}
