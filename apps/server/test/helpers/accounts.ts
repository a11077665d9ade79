// Test accounts made the way the platform makes them (user row, custodial
// wallet, bearer session), funded with GETS from the treasury.
import { chainActions } from '../../src/actions.ts';
import { randomUUID } from 'node:crypto';
import { createWalletClient, http, parseUnits, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getsTokenAbi, platformForwarderAbi } from '@gets/contracts';
import { countByStatus, queueStats } from '../../src/chain/pipeline/transaction-repository.ts';
import { requestConsent, submitConsent } from '../../src/custody/consent.ts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import {
  insertUser,
  setUserAccount,
  type UserType,
} from '../../src/modules/accounts/user-repository.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';

export interface TestUser {
  id: string;
  email: string;
  address: Address;
  token: string;
  authorization: { authorization: string };
}

export async function createTestUser(
  ctx: AppContext,
  options: { userType?: UserType; gets?: string; email?: string } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = options.email ?? `user-${id.slice(0, 8)}@example.org`;
  await insertUser(ctx.db, {
    id,
    email,
    passwordHash: 'not-used-in-this-test',
    fullName: 'Test User',
    userName: `user_${id.slice(0, 8)}`,
    userType: options.userType ?? 'EARNER',
    status: 'APPROVED',
    emailVerified: true,
    profilePic: null,
  });
  const address = await ctx.keystore.createWallet(ctx.db, { kind: 'user', id });
  await setUserAccount(ctx.db, id, address);
  const { token } = await createSession(ctx.db, { kind: 'user', id }, 60 * 60 * 1000);
  if (options.gets) await fundWithGets(ctx, [address], options.gets);
  return { id, email, address, token, authorization: { authorization: `Bearer ${token}` } };
}

/** Sends GETS from the treasury (the embedded chain's deployer) to each address. */
export async function fundWithGets(ctx: AppContext, addresses: Address[], amount: string) {
  const treasury = createWalletClient({
    account: privateKeyToAccount(ANVIL_DEV_KEYS[0]),
    chain: ctx.chain.chain,
    transport: http(ctx.chain.rpcUrl),
  });
  let hash: `0x${string}` | undefined;
  for (const address of addresses) {
    hash = await treasury.writeContract({
      address: ctx.contracts.token,
      abi: getsTokenAbi,
      functionName: 'transfer',
      args: [address, parseUnits(amount, 18)],
    });
  }
  if (hash) await ctx.chain.publicClient.waitForTransactionReceipt({ hash });
}

export async function getsBalance(ctx: AppContext, address: Address): Promise<bigint> {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.token,
    abi: getsTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  });
}

/** Polls the spec's status call until the transaction leaves QUEUED. */
export async function waitForOutcome(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  user: TestUser,
  transactionId: string,
  timeoutMs = 30_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await request('/gs-api/metakeep/transaction', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.authorization },
      body: JSON.stringify({ transactionId }),
    });
    const body = (await response.json()) as {
      data: {
        status: string;
        failureReason: string | null;
        events: { eventName: string; args: Record<string, unknown> }[];
        transactionHash: string | null;
      };
    };
    if (body.data.status !== 'QUEUED') return body.data;
    if (Date.now() > until)
      throw new Error(`transaction ${transactionId} still QUEUED after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Consents to and queues one GETS transfer per user, through the consent service. */
export async function queueTransfers(
  ctx: AppContext,
  users: TestUser[],
  to: Address,
  amount: string,
) {
  const ids: string[] = [];
  for (const user of users) {
    const owner = { kind: 'user' as const, id: user.id };
    const action = {
      type: 'transferTokens' as const,
      to,
      amount: parseUnits(amount, 18).toString(),
    };
    const { consentToken } = await requestConsent(chainActions, ctx.db, owner, action);
    ids.push(
      (await submitConsent(chainActions, ctx.db, owner, consentToken, action)).transactionId,
    );
  }
  return ids;
}

export async function statusCounts(ctx: AppContext) {
  return countByStatus(ctx.db);
}

/** Waits until no transaction is QUEUED or SENT any more. */
export async function waitUntilSettled(ctx: AppContext, timeoutMs = 120_000, pollMs = 200) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // Polled through the QUEUED and SENT partial indexes: counting every row
    // by status each time would load the database under test (on PGlite, the
    // same thread as the pipeline) more as the table grows.
    const { queued, sent } = await queueStats(ctx.db);
    if (queued === 0 && sent === 0) return countByStatus(ctx.db);
    if (Date.now() > until) {
      throw new Error(
        `not settled after ${timeoutMs} ms: ${JSON.stringify(await countByStatus(ctx.db))}; pending batches: ${await pendingBatchesReport(ctx)}`,
      );
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** What a stalled pipeline was waiting on: each pending batch beside its relayer's nonces on chain. */
async function pendingBatchesReport(ctx: AppContext): Promise<string> {
  const batches = await ctx.db.query<{
    relayer: Address;
    nonce: string;
    attempts: number;
    send_rejections: number;
    send_error: string | null;
  }>(
    `SELECT relayer, nonce::text, jsonb_array_length(attempts) AS attempts, send_rejections, send_error
       FROM relay_batches WHERE status = 'PENDING' ORDER BY relayer, nonce`,
  );
  const report = await Promise.all(
    batches.map(async (b) => {
      const [latest, pending] = await Promise.all(
        (['latest', 'pending'] as const).map((blockTag) =>
          ctx.chain.publicClient
            .getTransactionCount({ address: b.relayer, blockTag })
            .catch(() => 'unreachable'),
        ),
      );
      return { ...b, chainNonce: { latest, pending } };
    }),
  );
  return JSON.stringify(report);
}

export async function forwarderNonce(ctx: AppContext, address: Address) {
  return ctx.chain.publicClient.readContract({
    address: ctx.contracts.forwarder,
    abi: platformForwarderAbi,
    functionName: 'nonces',
    args: [address],
  });
}

/** POST /token/transfer-token/metakeep as the user (their email filled in). */
export function postTransfer(
  platform: { request(path: string, init?: RequestInit): Promise<Response> },
  user: TestUser,
  body: Record<string, unknown>,
) {
  return platform.request('/gs-api/token/transfer-token/metakeep', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.authorization },
    body: JSON.stringify({ email: user.email, ...body }),
  });
}
