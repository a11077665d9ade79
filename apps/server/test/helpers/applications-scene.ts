// The set-up the applications API files share (apply, review, claim): one
// platform per file with a sponsor's public badge "Engine Programmer" and
// three earners, brought as far along the story as the file starts: nothing
// applied yet; applied (Ada as "Zoe Ada" and Bob as "Bob Babbage" on the
// badge, Cy as "Cy Young" on the sponsor's private badge once whitelisted); or
// reviewed (Zoe Ada approved and Bob Babbage rejected in one consent).
import { afterAll, beforeAll } from 'vitest';
import type { Application, Badge } from '@gets/schema';
import { createTestUser, type TestUser } from './accounts.ts';
import { applyFor, publishApprovedBadge, review } from './applications.ts';
import { adminCaller, call, runAction, type Caller } from './badges.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

export interface ApplicationsCast {
  platform: TestPlatform;
  /** The owner of `badge`, holding 1000 GETS. */
  sponsor: TestUser;
  otherSponsor: TestUser;
  admin: Caller;
  ada: TestUser;
  bob: TestUser;
  cy: TestUser;
  /** "Engine Programmer": public, three badges of 10 GETS. */
  badge: Badge;
}

export type ApplicationsScene = 'published' | 'applied' | 'reviewed';

/**
 * Starts the file's platform and its cast before the tests, brings them to
 * `scene` and hands them to `started`; stops the platform after.
 */
export function useApplicationsPlatform(
  scene: ApplicationsScene,
  started: (cast: ApplicationsCast) => void,
): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform();
    const { ctx, request } = platform;
    const earner = () => createTestUser(ctx);
    const sponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '1000' });
    const otherSponsor = await createTestUser(ctx, { userType: 'SPONSOR', gets: '100' });
    const admin = await adminCaller(ctx);
    const [ada, bob, cy] = [await earner(), await earner(), await earner()];
    const badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Engine Programmer',
    });
    const cast = { platform, sponsor, otherSponsor, admin, ada, bob, cy, badge };
    if (scene !== 'published') await applyAll(cast);
    if (scene === 'reviewed') await approveZoeRejectBob(cast);
    started(cast);
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });
}

/** The applications the apply and private-badge tests leave behind. */
async function applyAll({ platform, sponsor, admin, ada, bob, cy, badge }: ApplicationsCast) {
  const { request } = platform;
  const applied = (run: { application: Application }) => {
    if (run.application.status !== 'APPLIED') throw new Error('the application was not recorded');
  };
  applied(await applyFor(request, ada, badge, { fullName: 'Zoe Ada' }));
  applied(
    await applyFor(request, bob, badge, {
      fullName: 'Bob Babbage',
      awardingCriteriaEvidence: false,
      requestedEvidenceDoc: 'should not be kept',
      program: null,
    }),
  );
  const privateBadge = await publishApprovedBadge(request, sponsor, admin, {
    name: 'Invitation Only',
    badgeAccess: 'private',
    numberOfBadge: 2,
  });
  const whitelisted = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
    earnerAccount: cy.address,
    badgeOnChainId: privateBadge.onChainId,
    email: sponsor.email,
  });
  if (whitelisted.outcome.status !== 'COMPLETED') throw new Error('Cy was not whitelisted');
  applied(await applyFor(request, cy, privateBadge, { fullName: 'Cy Young' }));
}

/** The review the review tests make: Zoe Ada approved, Bob Babbage rejected, each recorded. */
async function approveZoeRejectBob({ platform, sponsor, badge }: ApplicationsCast) {
  const { request } = platform;
  const list = await call(
    request,
    sponsor,
    'GET',
    `/gs-api/badge/applications/list?badgeId=${badge._id}`,
  );
  const [bobs, zoes] = list.data as [Application, Application];
  const run = await review(request, sponsor, [
    [zoes, true],
    [bobs, false],
  ]);
  if (run.outcome.status !== 'COMPLETED') throw new Error('the review failed');
  for (const [application, status] of [
    [zoes, 'APPROVED'],
    [bobs, 'REJECTED'],
  ] as const) {
    const recorded = await call(request, sponsor, 'POST', '/gs-api/badge/process', {
      badgeApplicationId: application._id,
      status,
      assignedHash: run.outcome.transactionHash,
    });
    if (recorded.status !== 200) throw new Error(`not recorded: ${recorded.message}`);
  }
}

/** The calls of the applications API files, on the platform `platform()` answers. */
export function applicationsCalls(platform: () => TestPlatform) {
  const request = (path: string, init?: RequestInit) => platform().request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);
  const earner = (gets?: string) =>
    createTestUser(platform().ctx, gets === undefined ? {} : { gets });

  /** Rows that a refused call must leave as they were. */
  async function snapshot() {
    const { db } = platform().ctx;
    const [consents, transactions, applications, badges] = await Promise.all([
      db.query('SELECT count(*)::int AS n FROM consents'),
      db.query('SELECT count(*)::int AS n FROM chain_transactions'),
      db.query(
        'SELECT id, status, review_transaction_id, claim_transaction_id FROM badge_applications ORDER BY id',
      ),
      db.query('SELECT id, approved_count, application_count FROM badges ORDER BY id'),
    ]);
    return { consents, transactions, applications, badges };
  }

  return { request, as, earner, snapshot };
}
