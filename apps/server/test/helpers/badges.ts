// Badge calls as the web app makes them: bodies, JSON requests, chain actions
// through consent (ask, confirm, wait for the outcome), and the admin's session.
import { getsTokenAbi, badgeEscrowAbi } from '@gets/contracts';
import type { Address } from 'viem';
import type { AppContext } from '../../src/context.ts';
import { waitForOutcome } from './accounts.ts';
import { adminSession } from './admin-factor.ts';

export interface Caller {
  authorization: { authorization: string };
}

type Request = (path: string, init?: RequestInit) => Promise<Response>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A badge's content as the create form sends it. */
export function badgeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Intro to Solidity',
    amountOfToken: '10',
    numberOfBadge: 3,
    awardCriteria: 'Complete all five modules and pass the final quiz',
    educationsDetails: 'A link to the final quiz certificate',
    description: 'Awarded to learners who finish the Solidity course.',
    image: '/gs-api/ipfs/bafkreibadgeimage',
    batchExpiryDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    badgeAccess: 'public',
    extraLink: 'https://video.example.org/solidity',
    ...overrides,
  };
}

export async function call(
  request: Request,
  caller: Caller | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(caller?.authorization ?? {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
  const answer = (await response.json()) as { message: string; data: any };
  return { status: response.status, ...answer };
}

/**
 * Runs a chain action endpoint as the web app does: without a token (consent),
 * again with it (queued), then waits for COMPLETED or FAILED.
 */
export async function runAction(
  request: Request,
  caller: Caller,
  method: string,
  path: string,
  body: Record<string, unknown>,
) {
  const consent = await call(request, caller, method, path, body);
  if (consent.status !== 200 || !consent.data?.consentToken) {
    throw new Error(`no consent from ${path}: ${consent.status} ${consent.message}`);
  }
  const queued = await call(request, caller, method, path, {
    ...body,
    consentToken: consent.data.consentToken,
  });
  if (queued.status !== 200) throw new Error(`not queued: ${queued.status} ${queued.message}`);
  const outcome = await waitForOutcome(request, caller as never, queued.data.transactionId);
  return { consent: consent.data, transactionId: queued.data.transactionId as string, outcome };
}

export async function adminCaller(ctx: AppContext): Promise<Caller & { account: Address }> {
  const [admin] = await ctx.db.query<{ id: string; account: Address }>(
    'SELECT id, account FROM admins LIMIT 1',
  );
  const { token } = await adminSession(ctx.db, admin!.id);
  return { authorization: { authorization: `Bearer ${token}` }, account: admin!.account };
}

export async function escrowBalance(ctx: AppContext): Promise<bigint> {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.token,
    abi: getsTokenAbi,
    functionName: 'balanceOf',
    args: [ctx.contracts.badges],
  });
}

export async function chainBadge(ctx: AppContext, onChainId: string) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.badges,
    abi: badgeEscrowAbi,
    functionName: 'getBadge',
    args: [BigInt(onChainId)],
  });
}

export async function badgeRows(ctx: AppContext, sponsorId: string) {
  return ctx.db.query<{ id: string; status: string; name: string }>(
    'SELECT id, status, name FROM badges WHERE sponsor_id = $1 ORDER BY created_at',
    [sponsorId],
  );
}
