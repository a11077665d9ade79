// Issue 46 through HTTP: a sponsor's API keys (scopes, revocation, expiry, a
// ban, another sponsor's data, the per-key limit, a chain action through the
// same consent), webhooks signed as Standard Webhooks (checked with the
// `standardwebhooks` package) delivered from the outbox at least once, and
// the events feed that answers the same events in order.
import { generate } from 'otplib';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, INTEGRATION_MESSAGES, type Badge } from '@gets/schema';
import { CONSENT_MESSAGES } from '../../src/custody/consent.ts';
import { createTestUser, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import {
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';
import { adminCaller, call, runAction, type Caller } from '../helpers/badges.ts';
import { announceExpiredBadges } from '../../src/modules/integrations/jobs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { startReceiver, until } from '../helpers/webhook-receiver.ts';

const KEY_CALLS_PER_MINUTE = 25;

let platform: TestPlatform;
let sponsor: TestUser;
let otherSponsor: TestUser;
let admin: Caller;
let badge: Badge;
let privateBadge: Badge;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const request = (path: string, init?: RequestInit) => platform.request(path, init);
const keyCaller = (secret: string): Caller => ({
  authorization: { authorization: `Bearer ${secret}` },
});

async function createKey(owner: TestUser, scopes: string[], extra: Record<string, unknown> = {}) {
  const created = await call(request, owner, 'POST', '/gs-api/developers/keys', {
    name: 'Course platform',
    scopes,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.data as { key: { id: string; prefix: string }; secret: string };
}

beforeAll(async () => {
  receiver = await startReceiver();
  platform = await startTestPlatform({
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_TIMEOUT_MS: '2000',
    API_KEY_CALLS_PER_MINUTE: String(KEY_CALLS_PER_MINUTE),
  });
  const { ctx } = platform;
  sponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '1000' });
  otherSponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '100' });
  admin = await adminCaller(ctx);
  badge = await publishApprovedBadge(request, sponsor, admin, { name: 'Engine Programmer' });
  privateBadge = await publishApprovedBadge(request, sponsor, admin, {
    name: 'Invitation Only',
    badgeAccess: 'private',
  });
}, 180_000);
afterAll(async () => {
  await platform?.stop();
  await receiver?.close();
});

describe('API keys', () => {
  it('shows a key once, keeps only its hash, and lets it call within its scopes', async () => {
    const { key, secret } = await createKey(sponsor, ['badges:read']);
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.prefix).toBe(secret.slice(0, API_KEY_PREFIX.length + 4));
    const [stored] = await platform.ctx.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE id = $1',
      [key.id],
    );
    expect(stored!.key_hash).not.toContain(secret.slice(API_KEY_PREFIX.length));
    const listed = await call(request, sponsor, 'GET', '/gs-api/developers/keys');
    expect(JSON.stringify(listed.data)).not.toContain(secret);

    const badges = await call(request, keyCaller(secret), 'GET', '/gs-api/badge/published/list');
    expect(badges.status).toBe(200);
    expect((badges.data as Badge[]).map((b) => b.name)).toContain('Engine Programmer');
    const lastUsed = await call(request, sponsor, 'GET', '/gs-api/developers/keys');
    expect(lastUsed.data.find((k: { id: string }) => k.id === key.id).lastUsedAt).not.toBeNull();
  });

  it('refuses a call outside its scopes with 403 naming the scope, and calls keys may not make', async () => {
    const { secret } = await createKey(sponsor, ['badges:read']);
    const whitelist = await call(request, keyCaller(secret), 'POST', '/gs-api/badge/whitelist', {
      earnerAccount: sponsor.address,
      badgeOnChainId: privateBadge.onChainId,
      email: sponsor.email,
    });
    expect(whitelist).toMatchObject({
      status: 403,
      message: INTEGRATION_MESSAGES.missingScope('whitelist:write'),
      data: { missingScope: 'whitelist:write' },
    });
    // Moving GETS, staking, publishing and making keys stay with the person.
    for (const [method, path, body] of [
      ['POST', '/gs-api/developers/keys', { name: 'x', scopes: ['badges:read'] }],
      ['POST', '/gs-api/stake/metakeep', { email: sponsor.email, amount: '1' }],
      ['POST', '/gs-api/token/transfer-token/metakeep', { to: sponsor.address, amount: '1' }],
      ['POST', '/gs-api/metakeep/badge/create', {}],
      ['GET', '/gs-api/security', undefined],
    ] as const) {
      const refused = await call(request, keyCaller(secret), method, path, body);
      expect({ path, status: refused.status, message: refused.message }).toEqual({
        path,
        status: 403,
        message: INTEGRATION_MESSAGES.keyNotAllowed,
      });
    }
  });

  it("never reaches another sponsor's badges or applications", async () => {
    const { secret } = await createKey(otherSponsor, ['badges:read', 'applications:review']);
    const list = await call(
      request,
      keyCaller(secret),
      'GET',
      `/gs-api/badge/applications/list?badgeId=${badge._id}`,
    );
    expect([403, 404]).toContain(list.status);
    const own = await call(request, keyCaller(secret), 'GET', '/gs-api/badge/allBadge/list');
    expect(JSON.stringify(own.data)).not.toContain('Engine Programmer');
  });

  it('stops at once when revoked, when expired, and while its sponsor is banned', async () => {
    const revoked = await createKey(sponsor, ['badges:read']);
    const path = '/gs-api/badge/published/list';
    expect((await call(request, keyCaller(revoked.secret), 'GET', path)).status).toBe(200);
    const answer = await call(
      request,
      sponsor,
      'DELETE',
      `/gs-api/developers/keys/${revoked.key.id}`,
    );
    expect(answer).toMatchObject({ status: 200, data: { revokedAt: expect.any(String) } });
    expect((await call(request, keyCaller(revoked.secret), 'GET', path)).status).toBe(401);

    const expiring = await createKey(sponsor, ['badges:read'], { expiresInDays: 30 });
    await platform.ctx.db.query(
      "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1",
      [expiring.key.id],
    );
    expect((await call(request, keyCaller(expiring.secret), 'GET', path)).status).toBe(401);

    const banned = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const bannedKey = await createKey(banned, ['badges:read']);
    const ban = (isBanned: boolean) =>
      call(request, admin, 'PUT', '/gs-api/admin/sponsors/ban-status', {
        userId: banned.id,
        isBanned,
      });
    expect((await ban(true)).status).toBe(200);
    expect((await call(request, keyCaller(bannedKey.secret), 'GET', path)).status).toBe(403);
    expect((await ban(false)).status).toBe(200);
    expect((await call(request, keyCaller(bannedKey.secret), 'GET', path)).status).toBe(200);
  });

  it("an admin sees a sponsor's keys and revokes one, in the audit log", async () => {
    const { key, secret } = await createKey(sponsor, ['events:read']);
    const listed = await call(
      request,
      admin,
      'GET',
      `/gs-api/admin/sponsor/${sponsor.id}/api-keys`,
    );
    expect(listed.data.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed.data)).not.toContain(secret);
    const revoked = await call(request, admin, 'DELETE', `/gs-api/admin/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect((await call(request, keyCaller(secret), 'GET', '/gs-api/events')).status).toBe(401);
    const [entry] = await platform.ctx.db.query<{ action: string; target_id: string }>(
      "SELECT action, target_id FROM admin_audit_log WHERE action = 'sponsor.revokeApiKey'",
    );
    expect(entry).toMatchObject({ target_id: sponsor.id });
  });

  it('counts each key on its own: past the limit it gets 429, the session and other keys do not', async () => {
    const busy = await createKey(sponsor, ['badges:read']);
    const calm = await createKey(sponsor, ['badges:read']);
    const path = '/gs-api/badge/published/list';
    const statuses: number[] = [];
    for (let i = 0; i <= KEY_CALLS_PER_MINUTE; i++) {
      statuses.push((await call(request, keyCaller(busy.secret), 'GET', path)).status);
    }
    expect(statuses.slice(0, KEY_CALLS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await request(path, { headers: keyCaller(busy.secret).authorization });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many calls with this API key\. Please try again in \d+ seconds?$/,
    );
    expect((await call(request, keyCaller(calm.secret), 'GET', path)).status).toBe(200);
    expect((await call(request, sponsor, 'GET', path)).status).toBe(200);
  });
});

describe('a chain action by key', () => {
  it('goes through the same consent, bound to the key, with no second factor asked', async () => {
    // The sponsor confirms their own money moves with an authenticator app.
    const setup = await call(request, sponsor, 'POST', '/gs-api/security/totp/setup', {});
    const code = await generate({ secret: setup.data.secret as string });
    expect(
      (await call(request, sponsor, 'POST', '/gs-api/security/totp/confirm', { code })).status,
    ).toBe(200);

    const earner = await createTestUser(platform.ctx);
    const { secret } = await createKey(sponsor, ['whitelist:write']);
    const body = {
      earnerAccount: earner.address,
      badgeOnChainId: privateBadge.onChainId,
      email: sponsor.email,
    };
    const key = keyCaller(secret);
    const consent = await call(request, key, 'POST', '/gs-api/badge/whitelist', body);
    expect(consent.status).toBe(200);
    expect(consent.data.consentToken).toEqual(expect.any(String));
    expect(consent.data.secondFactor).toBeUndefined();

    // The sponsor's session cannot spend the key's consent.
    const bySession = await call(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
      ...body,
      consentToken: consent.data.consentToken,
    });
    expect(bySession).toMatchObject({ status: 403, message: CONSENT_MESSAGES.otherOwner });

    const queued = await call(request, key, 'POST', '/gs-api/badge/whitelist', {
      ...body,
      consentToken: consent.data.consentToken,
    });
    expect(queued).toMatchObject({ status: 200, data: { status: 'QUEUED' } });
    const outcome = await waitForOutcome(request, key as TestUser, queued.data.transactionId);
    expect(outcome.status).toBe('COMPLETED');
  });
});

describe('webhooks and the events feed', () => {
  let endpoint: { id: string; signingSecret: string };
  let feedKey: string;

  beforeAll(async () => {
    const added = await call(request, sponsor, 'POST', '/gs-api/developers/webhooks', {
      url: receiver.url,
      events: [
        'application.submitted',
        'application.approved',
        'badge.claimed',
        'credential.revoked',
        'transaction.completed',
      ],
    });
    expect(added.status).toBe(201);
    endpoint = added.data;
    expect(endpoint.signingSecret).toMatch(/^whsec_/);
    feedKey = (await createKey(sponsor, ['events:read'])).secret;
  });

  it('signs each delivery so the standardwebhooks package verifies it, and the feed has the same event', async () => {
    const earner = await createTestUser(platform.ctx);
    const { application } = await applyFor(request, earner, badge, { fullName: 'Ada Lovelace' });
    const delivery = await until(() =>
      receiver.received.find((r) => JSON.parse(r.body).type === 'application.submitted'),
    );
    const verified = new Webhook(endpoint.signingSecret).verify(
      delivery.body,
      delivery.headers,
    ) as {
      id: string;
      data: Record<string, unknown>;
    };
    expect(verified.id).toBe(delivery.headers['webhook-id']);
    expect(verified.data).toMatchObject({
      applicationId: application._id,
      badgeId: badge.onChainId,
      badgeName: 'Engine Programmer',
      fullName: 'Ada Lovelace',
    });
    // What the sponsor was never shown stays out: the earner's email.
    expect(delivery.body).not.toContain(earner.email);
    expect(() =>
      new Webhook(`whsec_${'A'.repeat(44)}`).verify(delivery.body, delivery.headers),
    ).toThrow();

    const feed = await call(request, keyCaller(feedKey), 'GET', '/gs-api/events?limit=100');
    expect(feed.status).toBe(200);
    const ids = feed.data.events.map((e: { id: string }) => e.id);
    expect(ids).toContain(verified.id);
    // In order, and read on from `next`: nothing again, nothing skipped.
    const cursors = feed.data.events.map((e: { cursor: string }) => Number(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    const after = await call(
      request,
      keyCaller(feedKey),
      'GET',
      `/gs-api/events?after=${feed.data.next}`,
    );
    expect(after.data.events.map((e: { id: string }) => e.id)).not.toContain(verified.id);
  });

  it('tells of an approval, a claim with its credential and an admin revoking that credential', async () => {
    const earner = await createTestUser(platform.ctx);
    const { application } = await applyFor(request, earner, badge, { fullName: 'Grace Hopper' });
    // The sponsor confirms money moves with a factor since the test above: the review goes by key.
    const reviewer = keyCaller((await createKey(sponsor, ['applications:review'])).secret);
    const reviewed = await review(request, { ...sponsor, ...reviewer }, [[application, true]]);
    expect(reviewed.outcome.status).toBe('COMPLETED');
    const claimed = await claimApplication(request, earner, application);
    expect(claimed.outcome.status).toBe('COMPLETED');
    const bodyOf = (type: string) =>
      until(() => {
        const found = receiver.received.find((r) => {
          const event = JSON.parse(r.body) as { type: string; data: { applicationId?: string } };
          return event.type === type && event.data.applicationId === application._id;
        });
        return found && (JSON.parse(found.body) as { data: Record<string, unknown> });
      });
    expect((await bodyOf('application.approved')).data.claimDeadline).toEqual(expect.any(String));
    const claim = await bodyOf('badge.claimed');
    const credentialId = claim.data.credentialId as string;
    expect(claim.data).toMatchObject({
      credentialUrl: expect.stringMatching(new RegExp(`/gs-api/credentials/${credentialId}$`)),
      verifyUrl: expect.stringContaining(credentialId),
    });
    const revoked = await call(
      request,
      admin,
      'POST',
      `/gs-api/admin/credentials/${credentialId}/revoke`,
      { reason: 'Evidence was plagiarised' },
    );
    expect(revoked.status).toBe(200);
    const told = await until(() =>
      receiver.received
        .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
        .find((e) => e.type === 'credential.revoked' && e.data.credentialId === credentialId),
    );
    expect(told.data).toMatchObject({
      reason: 'Evidence was plagiarised',
      badgeId: badge.onChainId,
    });
  });

  it("has each badge's life on the feed: published, approved, expired once, banned, and its transactions", async () => {
    const feedOf = async () => {
      const answer = await call(request, keyCaller(feedKey), 'GET', '/gs-api/events?limit=100');
      return answer.data.events as { type: string; data: Record<string, unknown> }[];
    };
    const ofBadge = (events: { type: string; data: Record<string, unknown> }[], b: Badge) =>
      events.filter((e) => e.data.badgeId === b.onChainId).map((e) => e.type);
    const events = await feedOf();
    expect(ofBadge(events, badge)).toEqual(
      expect.arrayContaining(['badge.published', 'badge.approved']),
    );
    expect(ofBadge(events, privateBadge)).toEqual(
      expect.arrayContaining(['badge.published', 'badge.approved', 'whitelist.completed']),
    );
    const published = events.filter((e) => e.type === 'transaction.completed');
    expect(published.map((e) => e.data.action)).toEqual(
      expect.arrayContaining(['createBadge', 'whitelistEarner', 'processRequests']),
    );
    // An earner's own transactions are not the sponsor's to hear of.
    expect(published.map((e) => e.data.action)).not.toContain('claimBadge');

    await platform.ctx.db.query(
      "UPDATE badges SET expiry_date = now() - interval '1 minute' WHERE id = $1",
      [privateBadge._id],
    );
    expect(await announceExpiredBadges(platform.ctx.db)).toBe(1);
    expect(await announceExpiredBadges(platform.ctx.db)).toBe(0);
    const banned = await runAction(
      request,
      admin,
      'PUT',
      `/gs-api/admin/badge/ban/${badge._id}`,
      {},
    );
    expect(banned.outcome.status).toBe('COMPLETED');
    const after = await feedOf();
    expect(ofBadge(after, privateBadge).filter((t) => t === 'badge.expired')).toHaveLength(1);
    expect(ofBadge(after, badge)).toContain('badge.banned');
  });
});
