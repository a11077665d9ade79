// The set-up the badges API files share (drafts and publish; approval, lists,
// ban and delete): one platform per file with two sponsors, an earner and the
// admin, and the publish and approve flows they run.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Badge } from '@gets/schema';
import { createTestUser, type TestUser } from './accounts.ts';
import { adminCaller, badgeBody, call, runAction, type Caller } from './badges.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

export interface BadgesCast {
  platform: TestPlatform;
  /** A sponsor holding 1000 GETS. */
  sponsor: TestUser;
  /** A sponsor holding 100 GETS. */
  otherSponsor: TestUser;
  /** An earner holding 10 GETS. */
  earner: TestUser;
  admin: Caller;
}

/** Starts the file's platform and its cast before the tests (handing them to `started`), stops it after. */
export function useBadgesPlatform(started: (cast: BadgesCast) => void): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform();
    started({
      platform,
      sponsor: await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' }),
      otherSponsor: await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' }),
      earner: await createTestUser(platform.ctx, { gets: '10' }),
      admin: await adminCaller(platform.ctx),
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });
}

/** The badge calls and flows, on the platform and as the admin the getters answer. */
export function badgeFlows(platform: () => TestPlatform, admin: () => Caller) {
  const request = (path: string, init?: RequestInit) => platform().request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);

  /** Publishes a badge (optionally from a draft) and answers the saved badge. */
  async function publish(owner: TestUser, overrides: Record<string, unknown> = {}) {
    const body = {
      ...badgeBody(overrides),
      isPublic: overrides.badgeAccess !== 'private',
      email: owner.email,
    };
    const run = await runAction(request, owner, 'POST', '/gs-api/metakeep/badge/create', body);
    expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
    const created = run.outcome.events.find((e) => e.eventName === 'BadgeCreated')!;
    const saved = await as(owner, 'POST', '/gs-api/badge/add', {
      ...badgeBody(overrides),
      onChainId: created.args.badgeId,
      transactionHash: run.outcome.transactionHash,
    });
    expect(saved.status).toBe(200);
    return saved.data as Badge;
  }

  async function approve(badge: Badge, expiryDate = Date.now() + 90 * 86_400_000) {
    const run = await runAction(request, admin(), 'POST', '/gs-api/metakeep/badge/approve', {
      badgeId: badge.onChainId,
      expiryDate,
    });
    expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
    const recorded = await as(admin(), 'PUT', `/gs-api/admin/badge/approve/${badge._id}`, {
      expiryDate,
    });
    expect(recorded.status).toBe(200);
    return recorded.data as Badge;
  }

  return { request, as, publish, approve };
}
