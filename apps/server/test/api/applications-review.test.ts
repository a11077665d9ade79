// The sponsor's review of applications through the HTTP API against the real
// database and chain: many applications approved and rejected in one consent,
// approvals held against the badges left, and every refusal with its message
// and nothing changed. It starts where applications.test.ts ends: Zoe Ada and
// Bob Babbage applied for the badge (helpers/applications-scene.ts).
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES as M,
  TOASTS,
  tooManyApprovalsMessage,
  type Application,
  type Badge,
} from '@gets/schema';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { runAction, type Caller } from '../helpers/badges.ts';
import {
  applicationBody,
  applicationRow,
  applyFor,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';
import { applicationsCalls, useApplicationsPlatform } from '../helpers/applications-scene.ts';

describe('applications and awards', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let badge: Badge;
  useApplicationsPlatform('applied', (cast) => {
    ({ platform, sponsor, otherSponsor, admin, ada, bob, cy, badge } = cast);
  });
  const { request, as, snapshot } = applicationsCalls(() => platform);

  describe('review', () => {
    let applications: Application[];

    it('lists the applications of the sponsor’s own badge by full name, for that sponsor only', async () => {
      const list = await as(sponsor, 'GET', `/gs-api/badge/applications/list?badgeId=${badge._id}`);
      applications = list.data as Application[];
      expect(applications.map((a) => a.fullName)).toEqual(['Bob Babbage', 'Zoe Ada']);
      expect(
        await as(otherSponsor, 'GET', `/gs-api/badge/applications/list?badgeId=${badge._id}`),
      ).toMatchObject({ status: 403, message: M.notYourBadge });
    });

    it('approves and rejects several applications in one consent and one chain call', async () => {
      const [bobs, zoes] = applications as [Application, Application];
      const run = await review(request, sponsor, [
        [zoes, true],
        [bobs, false],
      ]);
      expect(run.consent.description).toMatch(
        /^Approve 1 application and reject 1 application for "Engine Programmer"/,
      );
      expect(run.outcome.status).toBe('COMPLETED');
      expect(run.outcome.events.map((e) => e.eventName).sort()).toEqual([
        'RequestApproved',
        'RequestRejected',
      ]);
      const hash = run.outcome.transactionHash;
      const approved = await as(sponsor, 'POST', '/gs-api/badge/process', {
        badgeApplicationId: zoes._id,
        status: 'APPROVED',
        assignedHash: hash,
      });
      expect(approved).toMatchObject({ status: 200, message: M.approved });
      expect(approved.data.claimDeadline).not.toBeNull();
      const rejected = await as(sponsor, 'POST', '/gs-api/badge/process', {
        badgeApplicationId: bobs._id,
        status: 'REJECTED',
        assignedHash: hash,
      });
      expect(rejected).toMatchObject({ status: 200, message: M.rejectedDone });
      expect(
        await as(sponsor, 'POST', '/gs-api/badge/process', {
          badgeApplicationId: bobs._id,
          status: 'APPROVED',
        }),
      ).toMatchObject({ status: 409, message: M.statusMismatch });
      // Approving took one badge: two remain.
      const details = await as(null, 'GET', `/gs-api/badge/details/${badge._id}`);
      expect(details.data.availableBadge).toBe(2);
    });

    it('refuses a second review, another sponsor, uneven arrays and approving more than remain', async () => {
      const small = await publishApprovedBadge(request, sponsor, admin, {
        name: 'Only One',
        numberOfBadge: 1,
      });
      const first = (await applyFor(request, ada, small)).application;
      const second = (await applyFor(request, bob, small)).application;
      const before = await snapshot();
      const [bobs] = applications as [Application];
      const cases: [Caller, string, Record<string, unknown>, number, string][] = [
        [
          sponsor,
          '/gs-api/user/metakeep/processRequestBadge',
          { onChainId: [bobs.onChainId], approval: [true], email: sponsor.email },
          409,
          M.notPending,
        ],
        [
          otherSponsor,
          '/gs-api/metakeep/sponsor/approve',
          { requestId: [first.onChainId], approval: [true] },
          403,
          M.notYourBadge,
        ],
        [
          sponsor,
          '/gs-api/metakeep/sponsor/approve',
          { requestId: [first.onChainId, second.onChainId], approval: [true] },
          400,
          M.lengthMismatch,
        ],
        [
          sponsor,
          '/gs-api/metakeep/sponsor/approve',
          { requestId: [first.onChainId, first.onChainId], approval: [true, false] },
          400,
          M.duplicateApplication,
        ],
        [
          sponsor,
          '/gs-api/metakeep/sponsor/approve',
          { requestId: [first.onChainId, second.onChainId], approval: [true, true] },
          409,
          tooManyApprovalsMessage('Only One', 1),
        ],
        [
          sponsor,
          '/gs-api/metakeep/sponsor/approve',
          { requestId: ['424242'], approval: [true] },
          404,
          M.notFound,
        ],
      ];
      for (const [caller, path, body, status, message] of cases) {
        expect(await as(caller, 'POST', path, body)).toMatchObject({ status, message });
      }
      expect(await snapshot()).toEqual(before);

      // The spec's other review call approves one; then none are left for the second.
      const run = await runAction(request, sponsor, 'POST', '/gs-api/metakeep/sponsor/approve', {
        requestId: [first.onChainId],
        approval: [true],
      });
      expect(run.outcome.status).toBe('COMPLETED');
      expect(
        await as(sponsor, 'POST', '/gs-api/metakeep/sponsor/approve', {
          requestId: [second.onChainId],
          approval: [true],
        }),
      ).toMatchObject({ status: 409, message: tooManyApprovalsMessage('Only One', 0) });
      // And nobody else may apply: all badges are claimed.
      expect(
        await as(cy, 'POST', '/gs-api/user/metakeep/requestBadge', {
          onChainId: small.onChainId,
          email: cy.email,
          ...applicationBody(),
        }),
      ).toMatchObject({ status: 409, message: TOASTS.info.allBadgesClaimed });
    });

    it('holds approvals in flight against the badges left, so two reviews cannot overbook a badge', async () => {
      const pair = await publishApprovedBadge(request, sponsor, admin, {
        name: 'Pair',
        numberOfBadge: 1,
      });
      const one = (await applyFor(request, ada, pair)).application;
      const two = (await applyFor(request, bob, pair)).application;
      const ask = (application: Application) =>
        as(sponsor, 'POST', '/gs-api/metakeep/sponsor/approve', {
          requestId: [application.onChainId],
          approval: [true],
        });
      // Both consents are given while nothing is approved yet...
      const [first, second] = [await ask(one), await ask(two)];
      const submit = (application: Application, consentToken: string) =>
        as(sponsor, 'POST', '/gs-api/metakeep/sponsor/approve', {
          requestId: [application.onChainId],
          approval: [true],
          consentToken,
        });
      // ...but the second is refused once the first is queued.
      const queued = await submit(one, first.data.consentToken);
      expect(queued.status).toBe(200);
      expect(await submit(two, second.data.consentToken)).toMatchObject({
        status: 409,
        message: tooManyApprovalsMessage('Pair', 0),
      });
      const outcome = await waitForOutcome(request, sponsor, queued.data.transactionId);
      expect(outcome.status).toBe('COMPLETED');
      expect((await applicationRow(platform.ctx, two._id))!.status).toBe('APPLIED');
    });
  });
});
