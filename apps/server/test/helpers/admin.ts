// The admin side of API tests: an admin session, and chain actions run the
// way the console runs them (consent, then the token, then the outcome).
import { ADMIN_LOGIN_SECRET_HEADER } from '@gets/schema';
import { randomUUID } from 'node:crypto';
import {
  insertProposedAdmin,
  moveAdminRoleStatus,
} from '../../src/modules/admin-auth/admin-repository.ts';
import { bearer, call, type Answer } from './account-flows.ts';
import type { TestPlatform } from './test-platform.ts';
import { adminSession } from './admin-factor.ts';

export async function firstAdmin(platform: TestPlatform) {
  const [row] = await platform.ctx.db.query<{ id: string; email: string; account: `0x${string}` }>(
    'SELECT id, email, account FROM admins ORDER BY created_at LIMIT 1',
  );
  const { token } = await adminSession(platform.ctx.db, row!.id, undefined, row!.email);
  return { ...row!, token, headers: bearer(token) };
}

/**
 * An active admin who is the same person as a user, with a session of their
 * own: made from the user's wallet (`linked`, signing in with the user's
 * password), or an admin of its own who has the user's email. Recorded
 * directly (the chain's role grant is tested in admin-admins.test.ts).
 */
export async function adminOfUser(
  platform: TestPlatform,
  user: { email: string; user: { _id: string; account: string | null } },
  how: 'linked' | 'same email',
) {
  const id = randomUUID();
  await insertProposedAdmin(platform.ctx.db, {
    id,
    email: user.email,
    userId: how === 'linked' ? user.user._id : null,
    account: how === 'linked' ? user.user.account : null,
  });
  await moveAdminRoleStatus(platform.ctx.db, id, ['PROPOSED'], 'ACTIVE');
  const { token } = await adminSession(platform.ctx.db, id, undefined, user.email);
  return { id, token, headers: bearer(token) };
}

export interface Outcome {
  status: string;
  failureReason: string | null;
  events: { eventName: string; args: Record<string, unknown> }[];
  transactionHash: string | null;
}

/** Polls the spec's status call until the transaction leaves QUEUED. */
export async function outcomeOf(
  platform: TestPlatform,
  headers: Record<string, string>,
  transactionId: string,
  timeoutMs = 60_000,
): Promise<Outcome> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<Outcome>(
      platform,
      'POST',
      '/metakeep/transaction',
      { transactionId },
      headers,
    );
    if (answer.data.status !== 'QUEUED') return answer.data;
    if (Date.now() > until) throw new Error(`transaction ${transactionId} still QUEUED`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A chain action endpoint called twice, as useChainAction does: the consent,
 * then the token; answers the consent's description and the outcome.
 */
export async function consentAndRun(
  platform: TestPlatform,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{ description: string; queued: Answer<{ transactionId: string }>; outcome: Outcome }> {
  const consent = await call<{ consentToken: string; description: string }>(
    platform,
    method,
    path,
    body,
    headers,
  );
  if (consent.status !== 200 || !consent.data.consentToken) {
    throw new Error(`no consent: ${consent.status} ${consent.message}`);
  }
  const queued = await call<{ transactionId: string }>(
    platform,
    method,
    path,
    { ...body, consentToken: consent.data.consentToken },
    headers,
  );
  if (queued.status !== 200) throw new Error(`not queued: ${queued.status} ${queued.message}`);
  return {
    description: consent.data.description,
    queued,
    outcome: await outcomeOf(platform, headers, queued.data.transactionId),
  };
}

export const adminLoginWith = (
  platform: TestPlatform,
  secret: string,
  body: { email: string; password: string },
) =>
  call<{ token: string; adminDetails: Record<string, unknown> }>(
    platform,
    'POST',
    '/admin/adminLogin',
    body,
    { [ADMIN_LOGIN_SECRET_HEADER]: secret },
  );
