// Application calls as the web app makes them: a published and approved
// badge, an application with its form, a sponsor's review and an earner's
// claim, each through consent and the pipeline against the real chain.
import type { Application, Badge } from '@gets/schema';
import type { AppContext } from '../../src/context.ts';
import type { TestUser } from './accounts.ts';
import { badgeBody, call, runAction, type Caller } from './badges.ts';

type Request = (path: string, init?: RequestInit) => Promise<Response>;

/** Publishes a badge (public unless badgeAccess is private) and has the admin approve it. */
export async function publishApprovedBadge(
  request: Request,
  sponsor: TestUser,
  admin: Caller,
  overrides: Record<string, unknown> = {},
): Promise<Badge> {
  const body = {
    ...badgeBody(overrides),
    isPublic: overrides.badgeAccess !== 'private',
    email: sponsor.email,
  };
  const created = await runAction(request, sponsor, 'POST', '/gs-api/metakeep/badge/create', body);
  if (created.outcome.status !== 'COMPLETED') {
    throw new Error(`publish failed: ${created.outcome.failureReason}`);
  }
  const onChainId = created.outcome.events.find((e) => e.eventName === 'BadgeCreated')!.args
    .badgeId as string;
  const expiryDate = Date.now() + 90 * 86_400_000;
  const approved = await runAction(request, admin, 'POST', '/gs-api/metakeep/badge/approve', {
    badgeId: onChainId,
    expiryDate,
  });
  if (approved.outcome.status !== 'COMPLETED') {
    throw new Error(`approval failed: ${approved.outcome.failureReason}`);
  }
  const list = await call(request, sponsor, 'GET', '/gs-api/badge/published/list');
  return (list.data as Badge[]).find((b) => b.onChainId === onChainId)!;
}

/** The application form as the Apply modal sends it. */
export function applicationBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ada Lovelace',
    program: 'Analytical Engines 101',
    awardCriteria: true,
    awardingCriteriaEvidence: true,
    requestedEvidenceDoc: 'https://notes.example.org/note-g: the Bernoulli numbers program',
    ...overrides,
  };
}

/** Applies through consent; answers the completed outcome and the saved application. */
export async function applyFor(
  request: Request,
  earner: TestUser,
  badge: Badge,
  overrides: Record<string, unknown> = {},
) {
  const run = await runAction(request, earner, 'POST', '/gs-api/user/metakeep/requestBadge', {
    onChainId: badge.onChainId,
    email: earner.email,
    ...applicationBody(overrides),
  });
  if (run.outcome.status !== 'COMPLETED') {
    throw new Error(`apply failed: ${run.outcome.failureReason}`);
  }
  const requestId = run.outcome.events.find((e) => e.eventName === 'BadgeRequested')!.args
    .requestId as string;
  const saved = await call(request, earner, 'POST', '/gs-api/badge/create/badge-application', {
    badgeId: badge._id,
    earnerAddress: earner.address,
    onChainId: requestId,
  });
  if (saved.status !== 200) throw new Error(`not saved: ${saved.status} ${saved.message}`);
  return { ...run, application: saved.data as Application };
}

/** The sponsor approves (true) or rejects (false) applications in one call. */
export async function review(
  request: Request,
  sponsor: TestUser,
  decisions: [Application, boolean][],
) {
  return runAction(request, sponsor, 'POST', '/gs-api/user/metakeep/processRequestBadge', {
    onChainId: decisions.map(([application]) => application.onChainId),
    approval: decisions.map(([, approve]) => approve),
    email: sponsor.email,
  });
}

/** The earner claims an approved application (badge token and reward). */
export async function claimApplication(
  request: Request,
  earner: TestUser,
  application: Application,
) {
  return runAction(request, earner, 'POST', '/gs-api/user/metakeep/claimBadge', {
    onChainId: application.onChainId,
    email: earner.email,
  });
}

/** Moves the chain's clock forward and mines a block. */
export async function advanceChainTime(ctx: AppContext, seconds: number) {
  await ctx.chain.publicClient.request({
    method: 'evm_increaseTime' as never,
    params: [seconds] as never,
  });
  await ctx.chain.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
}

/** An application's row as stored. */
export async function applicationRow(ctx: AppContext, id: string) {
  const [row] = await ctx.db.query<{
    status: string;
    claim_transaction_id: string | null;
    release_transaction_id: string | null;
  }>(
    'SELECT status, claim_transaction_id, release_transaction_id FROM badge_applications WHERE id = $1',
    [id],
  );
  return row;
}
