// The rules of applications and awards: who may apply for which badge, the
// sponsor's whitelist and review (one chain call for many applications), the
// earner's claim (badge token and reward in one chain call, once), and the
// lists of earners, sponsors and badge pages. Chain actions go through
// consent; their outcomes are recorded by the actions (actions.ts).
import { randomUUID } from 'node:crypto';
import { badgeEscrowAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  TOASTS,
  formatGets,
  tooManyApprovalsMessage,
  type Application,
  type ApplicationWithBadge,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Queryable } from '../../db/database.ts';
import { AUTH_MESSAGES, type Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { findUserByAccount, findUserById, type User } from '../accounts/user-repository.ts';
import {
  findBadge,
  findBadgeByChainId,
  findBadges,
  lockBadge,
  type StoredBadge,
} from '../badges/badge-repository.ts';
import { toBadgeView } from '../badges/badge-view.ts';
import { canSee } from '../badges/service.ts';
import {
  countApprovalsInFlight,
  findApplication,
  findApplicationByChainId,
  findApplicationOf,
  findApplicationsByChainIds,
  insertRequesting,
  listApplicationsOfBadge,
  listApplicationsOfEarner,
  listAwardsOfBadge,
  listAwardsOfSponsor,
  lockApplications,
  startClaim,
  startReview,
  sumAwardsOfSponsor,
  type ApplicationForm,
  type StoredApplication,
} from './application-repository.ts';
import { explorerLink, toApplicationView } from './application-view.ts';

type Ctx = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

const view = (ctx: Ctx, application: StoredApplication): Application =>
  toApplicationView(application, { explorerUrl: ctx.config.explorerUrl });
const badgeView = (ctx: Ctx, badge: StoredBadge) =>
  toBadgeView(badge, { explorerUrl: ctx.config.explorerUrl });

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/** The chain's clock: the contract decides expiry and claim periods by block time. */
async function chainNow(ctx: Ctx): Promise<Date> {
  const block = await ctx.chain.publicClient.getBlock({ blockTag: 'latest' });
  return new Date(Number(block.timestamp) * 1000);
}

/** The caller; an email or account in the body must be theirs. */
export async function callerOf(
  ctx: Ctx,
  actor: Actor,
  claims: { email?: string | undefined; account?: string | undefined } = {},
): Promise<User & { account: `0x${string}` }> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new AppError(403, AUTH_MESSAGES.forbidden);
  if (claims.email !== undefined && claims.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(403, M.emailMismatch);
  }
  if (claims.account !== undefined && !sameAddress(claims.account, user.account)) {
    throw new AppError(403, M.accountMismatch);
  }
  if (!user.account) throw new AppError(409, M.noWallet);
  return user as User & { account: `0x${string}` };
}

/**
 * For reads of the caller's own things, which need nothing more of them than
 * the session read already holds: an account the call names must be theirs,
 * and they must have a wallet. No second read of the user per request.
 */
function ownAccount(actor: Actor, account: string | undefined): void {
  if (account !== undefined && !sameAddress(account, actor.account)) {
    throw new AppError(403, M.accountMismatch);
  }
  if (!actor.account) throw new AppError(409, M.noWallet);
}

/** A published badge by its number on chain (drafts and publishes in flight are not found). */
async function publishedBadge(ctx: Ctx, onChainId: string): Promise<StoredBadge> {
  const badge = await findBadgeByChainId(ctx.db, onChainId);
  if (!badge || badge.status === 'PUBLISHING' || badge.status === 'DELETED') {
    throw new AppError(404, M.badgeNotFound);
  }
  return badge;
}

/** The caller's own badge, else 404 (none) or 403 (someone else's). */
export function ownBadge(actor: Actor, badge: StoredBadge | null): StoredBadge {
  if (!badge || badge.status === 'PUBLISHING' || badge.status === 'DRAFT') {
    throw new AppError(404, M.badgeNotFound);
  }
  if (badge.sponsorId !== actor.id) throw new AppError(403, M.notYourBadge);
  return badge;
}

/** Why an approved badge cannot be awarded any more, if it cannot. */
function closedReason(badge: StoredBadge): string | null {
  if (badge.status === 'BANNED') return M.badgeBanned;
  if (badge.status !== 'VERIFIED') return M.badgeClosed;
  return null;
}

const badgesLeft = (badge: StoredBadge) => Math.max(0, badge.numberOfBadge - badge.approvedCount);

export async function isWhitelisted(ctx: Ctx, onChainId: string, earner: `0x${string}`) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.badges,
    abi: badgeEscrowAbi,
    functionName: 'isWhitelisted',
    args: [BigInt(onChainId), earner],
  });
}

// ------------------------------------------------------------------- apply

/**
 * Whether the earner may apply for the badge now: approved, not banned or
 * expired, badges left, whitelisted when private, no application yet.
 * Throws the reason; the contract checks the same when the request runs.
 */
async function checkCanApply(ctx: Ctx, badge: StoredBadge, earner: User & { account: string }) {
  if (badge.status === 'BANNED') throw new AppError(409, M.badgeBanned);
  if (badge.status !== 'VERIFIED' || !badge.onChainId) throw new AppError(409, M.badgeNotOpen);
  const now = await chainNow(ctx);
  if (badge.batchExpiryDate <= now || (badge.expiryDate && badge.expiryDate <= now)) {
    throw new AppError(409, M.badgeExpired);
  }
  const existing = await findApplicationOf(ctx.db, badge.id, earner.id);
  if (existing) {
    throw new AppError(409, existing.status === 'REQUESTING' ? M.applying : M.alreadyApplied);
  }
  if (badgesLeft(badge) === 0) throw new AppError(409, TOASTS.info.allBadgesClaimed);
  if (
    !badge.isPublic &&
    !(await isWhitelisted(ctx, badge.onChainId, earner.account as `0x${string}`))
  ) {
    throw new AppError(403, M.notWhitelisted);
  }
}

/**
 * POST /user/metakeep/requestBadge: applying in one consent. Without a token
 * it checks the earner may apply and answers the consent; with the token it
 * queues the chain request and, in the same database transaction, writes the
 * application (REQUESTING). The request's outcome makes it APPLIED or removes it.
 */
export async function applyForBadge(
  ctx: Ctx,
  actor: Actor,
  input: ApplicationForm & { onChainId: string; email: string; consentToken?: string | undefined },
) {
  const earner = await callerOf(ctx, actor, { email: input.email });
  const badge = await publishedBadge(ctx, input.onChainId);
  if (!input.consentToken) await checkCanApply(ctx, badge, earner);
  const form: ApplicationForm = {
    fullName: input.fullName,
    program: input.program,
    awardCriteria: input.awardCriteria,
    awardingCriteriaEvidence: input.awardingCriteriaEvidence,
    // The evidence goes only with a yes to sending it.
    requestedEvidenceDoc: input.awardingCriteriaEvidence ? input.requestedEvidenceDoc : null,
  };
  return consentOrQueue(
    ctx,
    actor,
    { type: 'requestBadge', badgeId: input.onChainId, name: badge.name },
    input.consentToken,
    async (tx, transactionId) => {
      const inserted = await insertRequesting(tx, {
        ...form,
        id: randomUUID(),
        badgeId: badge.id,
        earnerId: earner.id,
        earnerAddress: earner.account,
        requestTransactionId: transactionId,
      });
      if (!inserted) throw new AppError(409, M.alreadyApplied);
    },
  );
}

/**
 * POST /badge/create/badge-application and POST /badge/claim: after the
 * request completed, answer the application its completion saved (the form
 * came with the request, so neither writes a second one).
 */
export async function recordedApplication(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; address: string; onChainId: string },
) {
  await callerOf(ctx, actor, { account: input.address });
  const application = await findApplicationByChainId(ctx.db, input.onChainId);
  if (!application) throw new AppError(404, M.requestNotCompleted);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  if (application.badgeId !== input.badgeId) throw new AppError(404, M.notFound);
  return view(ctx, application);
}

/**
 * GET /badge/applicationlist/{badgeId}/{account}: the account's application
 * for the badge, and whether it may apply (no application yet). Asked by that
 * earner or by the badge's sponsor.
 */
export async function applicationOf(ctx: Ctx, actor: Actor, badgeId: string, account: string) {
  const badge = await findBadge(ctx.db, badgeId);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, M.badgeNotFound);
  const earner = await findUserByAccount(ctx.db, account);
  const isSelf = earner?.id === actor.id;
  if (!isSelf && badge.sponsorId !== actor.id) throw new AppError(403, M.accountMismatch);
  const application = earner ? await findApplicationOf(ctx.db, badge.id, earner.id) : null;
  return {
    eligible: application === null && earner?.userType === 'EARNER',
    application: application && application.status !== 'REQUESTING' ? view(ctx, application) : null,
  };
}

/** Applications with their badges, in the order given. */
async function withBadges(
  ctx: Ctx,
  applications: StoredApplication[],
): Promise<ApplicationWithBadge[]> {
  const badges = new Map(
    (await findBadges(ctx.db, [...new Set(applications.map((a) => a.badgeId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  return applications.flatMap((application) => {
    const badge = badges.get(application.badgeId);
    return badge ? [{ ...view(ctx, application), badge: badgeView(ctx, badge) }] : [];
  });
}

/** GET /badge/applied/earner?account: the earner's applications with their badges (My Applications). */
export async function earnerApplications(ctx: Ctx, actor: Actor, account: string | undefined) {
  ownAccount(actor, account);
  return withBadges(ctx, await listApplicationsOfEarner(ctx.db, actor.id));
}

/** GET /badge/appliedbadge/list: the badges the signed-in earner applied for, latest first. */
export async function appliedBadges(ctx: Ctx, actor: Actor) {
  const applications = await listApplicationsOfEarner(ctx.db, actor.id);
  return (await withBadges(ctx, applications)).map((a) => a.badge);
}

/** GET /badge/assigned/{account}: the earner's awards (claimed badges), latest first. */
export async function earnedBadges(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  const awards = await listApplicationsOfEarner(ctx.db, actor.id, ['TOKEN_CLAIMED']);
  return withBadges(
    ctx,
    awards.sort((a, b) => (b.assignedAt?.getTime() ?? 0) - (a.assignedAt?.getTime() ?? 0)),
  );
}

// --------------------------------------------------------------- whitelist

/** The caller's own private badge, live (approved or waiting for approval), to whitelist on. */
export async function whitelistableBadge(ctx: Ctx, actor: Actor, badgeOnChainId: string) {
  return openPrivateBadge(ownBadge(actor, await findBadgeByChainId(ctx.db, badgeOnChainId)));
}

/** The badge, if earners can still be whitelisted for it (and invited to it): private and open. */
export function openPrivateBadge(badge: StoredBadge): StoredBadge {
  if (badge.status !== 'VERIFIED' && badge.status !== 'UNDER_VERIFICATION') {
    throw new AppError(409, closedReason(badge) ?? M.badgeClosed);
  }
  if (badge.isPublic) throw new AppError(409, M.publicBadge);
  return badge;
}

/** POST /badge/whitelist: the sponsor lets an earner apply for a private badge, through consent. */
export async function whitelistEarner(
  ctx: Ctx,
  actor: Actor,
  input: {
    earnerAccount: string;
    badgeOnChainId: string;
    email: string;
    consentToken?: string | undefined;
  },
) {
  const sponsor = await callerOf(ctx, actor, { email: input.email });
  const badge = await whitelistableBadge(ctx, actor, input.badgeOnChainId);
  if (sameAddress(input.earnerAccount, sponsor.account)) {
    throw new AppError(400, M.sponsorNotEarner);
  }
  const earner = await findUserByAccount(ctx.db, input.earnerAccount);
  if (earner?.userType !== 'EARNER' || !earner.account) throw new AppError(404, M.notAnEarner);
  if (!input.consentToken && (await isWhitelisted(ctx, input.badgeOnChainId, earner.account))) {
    throw new AppError(409, M.alreadyWhitelisted);
  }
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'whitelistEarner',
      badgeId: input.badgeOnChainId,
      name: badge.name,
      earner: earner.account,
    },
    input.consentToken,
  );
}

// ------------------------------------------------------------------ review

/** GET /badge/applications/list?badgeId: the applications of the caller's badge, by full name. */
export async function badgeApplications(ctx: Ctx, actor: Actor, badgeId: string) {
  const badge = ownBadge(actor, await findBadge(ctx.db, badgeId));
  return (await listApplicationsOfBadge(ctx.db, badge.id)).map((a) => view(ctx, a));
}

/** Approvals per badge in a review, refused when more than the badge has left. */
async function checkBadgesLeft(
  db: Queryable,
  badges: StoredBadge[],
  approvalsPerBadge: Map<string, number>,
) {
  for (const badge of badges) {
    const approving = approvalsPerBadge.get(badge.id) ?? 0;
    if (approving === 0) continue;
    const left = badgesLeft(badge) - (await countApprovalsInFlight(db, badge.id));
    if (approving > left) throw new AppError(409, tooManyApprovalsMessage(badge.name, left));
  }
}

/**
 * POST /user/metakeep/processRequestBadge and /metakeep/sponsor/approve: the
 * sponsor approves and rejects applications of their badges in one chain call
 * (one consent). Refused before anything is signed when an application is not
 * theirs, not pending, already under review, or when it approves more than a
 * badge has left; with the token the rows are marked under review in the
 * transaction that queues the call, so a second review of them cannot start.
 */
export async function reviewApplications(
  ctx: Ctx,
  actor: Actor,
  input: {
    requestIds: string[];
    approvals: boolean[];
    email?: string | undefined;
    consentToken?: string | undefined;
  },
) {
  await callerOf(ctx, actor, { email: input.email });
  const found = new Map(
    (await findApplicationsByChainIds(ctx.db, input.requestIds)).map((a) => [a.onChainId!, a]),
  );
  const applications = input.requestIds.map((requestId) => {
    const application = found.get(requestId);
    if (!application) throw new AppError(404, M.notFound);
    return application;
  });
  const badges = new Map(
    (await findBadges(ctx.db, [...new Set(applications.map((a) => a.badgeId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  const approvalsPerBadge = new Map<string, number>();
  for (const [index, application] of applications.entries()) {
    const badge = ownBadge(actor, badges.get(application.badgeId) ?? null);
    const closed = closedReason(badge);
    if (closed) throw new AppError(409, closed);
    if (application.status !== 'APPLIED') throw new AppError(409, M.notPending);
    if (application.reviewTransactionId) throw new AppError(409, M.reviewing);
    if (input.approvals[index]) {
      approvalsPerBadge.set(badge.id, (approvalsPerBadge.get(badge.id) ?? 0) + 1);
    }
  }
  const reviewed = [...badges.values()];
  if (!input.consentToken) await checkBadgesLeft(ctx.db, reviewed, approvalsPerBadge);

  const action = {
    type: 'processRequests' as const,
    requestIds: input.requestIds,
    approvals: input.approvals,
    badgeNames: [...new Set(reviewed.map((b) => b.name))],
  };
  return consentOrQueue(ctx, actor, action, input.consentToken, async (tx, transactionId) => {
    // The badges' rows serialise reviews of one badge: the counts read below
    // include every review queued before this one.
    const locked: StoredBadge[] = [];
    for (const id of [...badges.keys()].sort()) {
      const badge = await lockBadge(tx, id);
      if (badge) locked.push(badge);
    }
    await checkBadgesLeft(tx, locked, approvalsPerBadge);
    await lockApplications(
      tx,
      applications.map((a) => a.id),
    );
    const started = await startReview(
      tx,
      transactionId,
      applications.map((a, index) => ({ id: a.id, approve: input.approvals[index]! })),
    );
    if (!started) throw new AppError(409, M.reviewing);
  });
}

/**
 * POST /badge/process: after the review completed, answers the application's
 * recorded outcome (its completion recorded it; this writes nothing).
 */
export async function recordedReview(
  ctx: Ctx,
  actor: Actor,
  input: { badgeApplicationId: string; status: 'APPROVED' | 'REJECTED' },
) {
  const application = await findApplication(ctx.db, input.badgeApplicationId);
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  ownBadge(actor, await findBadge(ctx.db, application.badgeId));
  if (application.status === 'APPLIED') throw new AppError(409, M.reviewNotCompleted);
  // Approved, claimed or released afterwards: the review approved it.
  const recorded = application.status === 'REJECTED' ? 'REJECTED' : 'APPROVED';
  if (recorded !== input.status) throw new AppError(409, M.statusMismatch);
  return view(ctx, application);
}

// ------------------------------------------------------------------- claim

/**
 * The one claim of an application: badge token and reward in one chain call.
 * Refused before anything is signed unless the caller is the application's
 * approved earner, within the claim period. What an approved earner is owed
 * stays theirs: a badge deleted by its sponsor or banned since the approval
 * is still claimed (the contract kept the reward in escrow). With the token
 * the claim's transaction is recorded on the application in the transaction
 * that queues it, so any other claim of it (a double click, another tab, a
 * retried request) is refused and it pays once.
 */
async function claim(
  ctx: Ctx,
  actor: Actor,
  application: StoredApplication | null,
  consentToken: string | undefined,
) {
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  switch (application.status) {
    case 'TOKEN_CLAIMED':
      throw new AppError(409, M.alreadyClaimed);
    case 'APPLIED':
      throw new AppError(409, M.notApproved);
    case 'REJECTED':
      throw new AppError(409, M.rejected);
    case 'EXPIRED':
      throw new AppError(409, M.claimPeriodOver);
  }
  if (application.claimPending) throw new AppError(409, M.claiming);
  const badge = await findBadge(ctx.db, application.badgeId);
  if (!badge?.onChainId) throw new AppError(404, M.badgeNotFound);
  if (!application.claimDeadline || application.claimDeadline < (await chainNow(ctx))) {
    throw new AppError(409, M.claimPeriodOver);
  }
  return consentOrQueue(
    ctx,
    actor,
    {
      type: 'claimBadge',
      requestId: application.onChainId!,
      badgeId: badge.onChainId,
      name: badge.name,
      reward: badge.amountOfToken.toString(),
    },
    consentToken,
    async (tx, transactionId) => {
      if (!(await startClaim(tx, application.id, transactionId))) {
        const now = await findApplication(tx, application.id);
        throw new AppError(409, now?.status === 'TOKEN_CLAIMED' ? M.alreadyClaimed : M.claiming);
      }
    },
  );
}

/** POST /user/metakeep/claimBadge: claims by the application's id on chain. */
export async function claimByRequest(
  ctx: Ctx,
  actor: Actor,
  input: { onChainId: string; email: string; consentToken?: string | undefined },
) {
  await callerOf(ctx, actor, { email: input.email });
  const application = await findApplicationByChainId(ctx.db, input.onChainId);
  return claim(ctx, actor, application, input.consentToken);
}

/**
 * POST /metakeep/claim/token: the same claim reached by the badge. The
 * contract pays the tokens with the badge, so this is that one claim, never a
 * second payment.
 */
export async function claimByBadge(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; email: string; consentToken?: string | undefined },
) {
  await callerOf(ctx, actor, { email: input.email });
  return claim(
    ctx,
    actor,
    await findApplicationOf(ctx.db, input.badgeId, actor.id),
    input.consentToken,
  );
}

/** The caller's claimed application, else 404 / 403 / 409 (not claimed yet). */
function claimedOf(actor: Actor, application: StoredApplication | null): StoredApplication {
  if (!application || application.status === 'REQUESTING') throw new AppError(404, M.notFound);
  if (application.earnerId !== actor.id) throw new AppError(403, M.notYours);
  if (application.status !== 'TOKEN_CLAIMED') throw new AppError(409, M.claimNotCompleted);
  return application;
}

/** POST /badge/claim/earner: after the claim completed, answers the award it recorded. */
export async function recordedClaim(
  ctx: Ctx,
  actor: Actor,
  input: { badgeApplicationId: string; badgeId: string },
) {
  const application = await findApplication(ctx.db, input.badgeApplicationId);
  if (application && application.badgeId !== input.badgeId) throw new AppError(404, M.notFound);
  return view(ctx, claimedOf(actor, application));
}

/**
 * POST /metakeep/transfer/token: the reward transfer of the claim (the claim
 * paid it from the badge escrow to the earner's wallet); nothing is sent again.
 */
export async function rewardTransfer(
  ctx: Ctx,
  actor: Actor,
  input: { badgeId: string; account: string },
) {
  const earner = await callerOf(ctx, actor, { account: input.account });
  const award = claimedOf(actor, await findApplicationOf(ctx.db, input.badgeId, actor.id));
  return {
    badgeId: award.badgeId,
    account: earner.account,
    amount: formatGets(award.rewardAmount ?? 0n),
    transactionHash: award.assignedHash!,
    transactionChainScanUrl: explorerLink(ctx.config.explorerUrl, award.assignedHash),
  };
}

// -------------------------------------------------------------- award data

/** GET /badge/earners/{id}: the earners holding a badge anyone may see (the badge page). */
export async function badgeEarners(ctx: Ctx, actor: Actor | undefined, badgeId: string) {
  const badge = await findBadge(ctx.db, badgeId);
  if (!badge || !canSee(badge, actor)) throw new AppError(404, M.badgeNotFound);
  return (await listAwardsOfBadge(ctx.db, badge.id)).map((award) => ({
    name: award.fullName,
    assignedAt: award.assignedAt.toISOString(),
    transactionHash: award.assignedHash,
    explorerUrl: explorerLink(ctx.config.explorerUrl, award.assignedHash),
  }));
}

/** GET /user/sponsor/all-earners/{account}: the award winners of the sponsor's badges. */
export async function awardWinners(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  return (await listAwardsOfSponsor(ctx.db, actor.id)).map((award) => ({
    applicationId: award.applicationId,
    fullName: award.fullName,
    studentAddress: award.earnerAddress,
    assignedHash: award.assignedHash,
    assignedAt: award.assignedAt.toISOString(),
    transactionChainScanUrl: explorerLink(ctx.config.explorerUrl, award.assignedHash),
    badgeId: award.badgeId,
    badgeName: award.badgeName,
    amount: formatGets(award.rewardAmount),
  }));
}

/** GET /user/sponsor/total-awards/{account}: awards claimed of the sponsor's badges and the GETS paid. */
export async function totalAwards(ctx: Ctx, actor: Actor, account: string) {
  ownAccount(actor, account);
  const { count, units } = await sumAwardsOfSponsor(ctx.db, actor.id);
  return { totalAwards: count, totalTokens: formatGets(units) };
}
