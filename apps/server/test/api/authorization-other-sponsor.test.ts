// The "other sponsor" column of the authorization matrix: one approved
// sponsor (the owner) has a draft, a public and a private badge, an
// application to review, an award with its credential, a stake and a
// transaction; another approved sponsor names each of them in every route a
// sponsor may call. Each request is refused (403, or 404 where the route
// answers another's thing as missing) and changes nothing; the owner's same
// request gets past authorization. Routes that take no id of anyone else's
// ('own') answer nothing of the owner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Badge } from '@gets/schema';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import {
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';
import { adminCaller, badgeBody, call, runAction } from '../helpers/badges.ts';
import { apiRoutes, keyOf, POLICIES, type ApiRoute } from '../helpers/route-policies.ts';
import {
  OTHER_SPONSOR,
  pathOf,
  type NamedRequest,
  type OwnersThings,
} from '../helpers/other-sponsor-requests.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/** The policies under which a sponsor may call a route at all. */
const SPONSOR_MAY_CALL = new Set(['user', 'actor', 'sponsor', 'approvedSponsor']);

describe('authorization matrix: another sponsor', () => {
  let platform: TestPlatform;
  let routes: ApiRoute[];
  let owner: TestUser;
  let other: TestUser;
  let awardee: TestUser;
  let things: OwnersThings;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '100000' });
    const { ctx } = platform;
    owner = await createTestUser(ctx, { userType: 'SPONSOR', gets: '200' });
    other = await createTestUser(ctx, { userType: 'SPONSOR', gets: '200' });
    const applicant = await createTestUser(ctx);
    awardee = await createTestUser(ctx);
    const admin = await adminCaller(ctx);

    const draft = async (name: string) =>
      (await call(request, owner, 'POST', '/gs-api/badge/add/draft', badgeBody({ name }))).data
        ._id as string;
    const badge: Badge = await publishApprovedBadge(request, owner, admin, {
      name: "The owner's public badge",
    });
    const privateBadge: Badge = await publishApprovedBadge(request, owner, admin, {
      name: "The owner's private badge",
      badgeAccess: 'private',
    });
    const { application } = await applyFor(request, applicant, badge);
    const { application: award } = await applyFor(request, awardee, badge);
    await review(request, owner, [[award, true]]);
    const claimed = await claimApplication(request, awardee, award);
    if (claimed.outcome.status !== 'COMPLETED') throw new Error('claim failed');
    const [credential] = await ctx.db.query<{ id: string }>(
      'SELECT id FROM credentials WHERE earner_user_id = $1',
      [awardee.id],
    );
    const staked = await runAction(request, owner, 'POST', '/gs-api/stake/metakeep', {
      email: owner.email,
      amount: '1',
    });
    const stakeId = staked.outcome.events.find((e) => e.eventName === 'Staked')!.args.stakeId;

    const key = await call(request, owner, 'POST', '/gs-api/developers/keys', {
      name: "The owner's key",
      scopes: ['badges:read'],
    });
    const endpoint = await call(request, owner, 'POST', '/gs-api/developers/webhooks', {
      url: 'https://hooks.example.org/owner',
      events: ['badge.claimed'],
    });
    await call(request, owner, 'POST', `/gs-api/developers/webhooks/${endpoint.data.id}/test`);
    const [delivery] = await ctx.db.query<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpoint.data.id],
    );

    things = {
      email: owner.email,
      account: owner.address,
      userId: owner.id,
      draftId: await draft("The owner's draft"),
      spareDraftId: await draft("The owner's other draft"),
      badgeId: badge._id,
      badgeOnChainId: badge.onChainId!,
      badgeTransactionHash: badge.transactionHash!,
      privateBadgeId: privateBadge._id,
      privateBadgeOnChainId: privateBadge.onChainId!,
      applicationId: application._id,
      applicationOnChainId: application.onChainId!,
      earnerAccount: applicant.address,
      awardeeAccount: awardee.address,
      credentialId: credential!.id,
      stakeId: String(stakeId),
      transactionId: staked.transactionId,
      apiKeyId: key.data.key.id,
      webhookEndpointId: endpoint.data.id,
      webhookDeliveryId: delivery!.id,
    };
    routes = await apiRoutes(platform);
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
  });

  /** Calls the route of `key` with the request's parameters, query and body. */
  async function send(caller: TestUser, key: string, named: NamedRequest) {
    const controller = new AbortController();
    const response = await request(pathOf(key, named), {
      method: key.slice(0, key.indexOf(' ')),
      signal: controller.signal,
      headers: {
        ...caller.authorization,
        ...(named.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(named.body ? { body: JSON.stringify(named.body) } : {}),
    });
    // A stream answers its headers and stays open; everything else is read whole.
    const text = response.headers.get('content-type')?.startsWith('text/event-stream')
      ? ''
      : await response.text();
    controller.abort();
    return { status: response.status, text };
  }

  /** What the owner has and what the other sponsor queued, to show a refusal changed nothing. */
  async function snapshot() {
    const rows = (sql: string, params: unknown[]) =>
      platform.ctx.db.query(sql, params).then((r) => JSON.stringify(r));
    return {
      badges: await rows('SELECT * FROM badges WHERE sponsor_id = $1 ORDER BY id', [owner.id]),
      applications: await rows(
        `SELECT a.* FROM badge_applications a JOIN badges b ON b.id = a.badge_id
          WHERE b.sponsor_id = $1 ORDER BY a.id`,
        [owner.id],
      ),
      stakes: await rows('SELECT * FROM stakes WHERE owner_id = $1 ORDER BY on_chain_id', [
        owner.id,
      ]),
      credentials: await rows('SELECT id, revoked_at FROM credentials ORDER BY id', []),
      apiKeys: await rows('SELECT * FROM api_keys WHERE sponsor_id = $1 ORDER BY id', [owner.id]),
      // What a request can change (not the worker's attempts at the test event).
      endpoints: await rows(
        `SELECT id, url, events, removed_at, disabled_at FROM webhook_endpoints
          WHERE sponsor_id = $1 ORDER BY id`,
        [owner.id],
      ),
      queuedByOther: await rows(
        'SELECT count(*)::int AS n FROM chain_transactions WHERE owner_id = $1',
        [other.id],
      ),
    };
  }

  it('has a decision for every route a sponsor may call, and none for another route', () => {
    const sponsorRoutes = routes
      .map(keyOf)
      .filter((key) => SPONSOR_MAY_CALL.has(POLICIES[key] ?? ''));
    expect(sponsorRoutes.filter((key) => !(key in OTHER_SPONSOR))).toEqual([]);
    expect(Object.keys(OTHER_SPONSOR).filter((key) => !sponsorRoutes.includes(key))).toEqual([]);
  });

  it("refuses another sponsor every route that names the owner's things, and changes nothing", async () => {
    const before = await snapshot();
    const violations: string[] = [];
    for (const [key, cell] of Object.entries(OTHER_SPONSOR)) {
      if (cell === 'own') continue;
      const answer = await send(other, key, cell.request(things, identityOf(other)));
      const message = answer.text ? (JSON.parse(answer.text) as { message?: string }).message : '';
      if (answer.status !== cell.refused || !message) {
        violations.push(`${key}: ${answer.status} ${message ?? ''}, expected ${cell.refused}`);
      }
    }
    expect(violations).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the holder make the same requests (past authorization, never 5xx)', async () => {
    const violations: string[] = [];
    for (const [key, cell] of Object.entries(OTHER_SPONSOR)) {
      if (cell === 'own') continue;
      const holder = cell.holder === 'awardee' ? awardee : owner;
      const answer = await send(holder, key, cell.request(things, identityOf(holder)));
      if ([401, 403, cell.refused].includes(answer.status) || answer.status >= 500) {
        violations.push(`${key}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("answers nothing of the owner's on the routes that take no one else's id", async () => {
    const marks = [owner.email, owner.address.toLowerCase(), "The owner's"];
    const violations: string[] = [];
    for (const [key, cell] of Object.entries(OTHER_SPONSOR)) {
      if (cell !== 'own' || !key.startsWith('GET ')) continue;
      const answer = await send(other, key, {});
      const shown = marks.filter((mark) => answer.text.toLowerCase().includes(mark.toLowerCase()));
      if (answer.status !== 200 || shown.length > 0) {
        violations.push(`${key}: ${answer.status}, shows ${shown.join(', ')}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

const identityOf = (caller: TestUser) => ({ email: caller.email, account: caller.address });
