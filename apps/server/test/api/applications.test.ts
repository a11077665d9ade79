// Applications through the HTTP API against the real database and chain: apply
// with the form in one consent, eligibility, the private badge's whitelist, and
// every refusal with its message and nothing changed. The sponsor's review:
// applications-review.test.ts; the claim: applications-claim.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { badgeEscrowAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  VALIDATION,
  type Application,
  type ApplicationWithBadge,
  type Badge,
} from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import type { TestUser } from '../helpers/accounts.ts';
import { runAction, type Caller } from '../helpers/badges.ts';
import { applicationBody, applyFor, publishApprovedBadge } from '../helpers/applications.ts';
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
  useApplicationsPlatform('published', (cast) => {
    ({ platform, sponsor, otherSponsor, admin, ada, bob, cy, badge } = cast);
  });
  const { request, as, snapshot } = applicationsCalls(() => platform);

  describe('apply', () => {
    let adaApplication: Application;

    it('records the request on chain through one consent, then the application with its form', async () => {
      const consent = await as(ada, 'POST', '/gs-api/user/metakeep/requestBadge', {
        onChainId: badge.onChainId,
        email: ada.email,
        ...applicationBody(),
      });
      expect(consent.status).toBe(200);
      expect(consent.data.description).toBe(
        `Apply for the badge "Engine Programmer" (GETS ${badge.onChainId}): your application is recorded on chain for its sponsor to review`,
      );
      const { outcome, application } = await applyFor(request, ada, badge, {
        fullName: 'Zoe Ada',
      });
      expect(outcome.status).toBe('COMPLETED');
      expect(application).toMatchObject({
        badgeId: badge._id,
        fullName: 'Zoe Ada',
        program: 'Analytical Engines 101',
        awardCriteria: true,
        awardingCriteriaEvidence: true,
        requestedEvidenceDoc: applicationBody().requestedEvidenceDoc,
        studentAddress: ada.address,
        status: 'APPLIED',
        onChainId: outcome.events.find((e) => e.eventName === 'BadgeRequested')!.args.requestId,
        assignedHash: null,
      });
      adaApplication = application;
      // The request is Ada's on chain.
      const onChain = await platform.ctx.chain.publicClient.readContract({
        address: platform.ctx.contracts.badges,
        abi: badgeEscrowAbi,
        functionName: 'getRequest',
        args: [BigInt(application.onChainId!)],
      });
      expect(onChain.earner).toBe(ada.address);
      // The spec's save step answers the same application, with the spec's words.
      const saved = await as(ada, 'POST', '/gs-api/badge/claim', {
        badgeId: badge._id,
        studentAddress: ada.address,
        onChainId: application.onChainId,
        tokenId: null,
        ...applicationBody({ fullName: 'Zoe Ada' }),
      });
      expect(saved).toMatchObject({ status: 200, message: M.applied });
      expect(saved.data._id).toBe(application._id);
      // The badge counts it (what "popular" sorts by).
      const details = await as(null, 'GET', `/gs-api/badge/details/${badge._id}`);
      expect(details.data.applicationCount).toBe(1);
    });

    it('keeps the evidence only when the earner chose to send it', async () => {
      const { application } = await applyFor(request, bob, badge, {
        fullName: 'Bob Babbage',
        awardingCriteriaEvidence: false,
        requestedEvidenceDoc: 'should not be kept',
        program: null,
      });
      expect(application).toMatchObject({
        awardingCriteriaEvidence: false,
        requestedEvidenceDoc: null,
        program: null,
      });
    });

    it('answers eligibility: none for the earner who applied, yes for one who did not', async () => {
      const mine = await as(
        ada,
        'GET',
        `/gs-api/badge/applicationlist/${badge._id}/${ada.address}`,
      );
      expect(mine.data).toEqual({ eligible: false, application: adaApplication });
      const fresh = await as(cy, 'GET', `/gs-api/badge/applicationlist/${badge._id}/${cy.address}`);
      expect(fresh.data).toEqual({ eligible: true, application: null });
      // The badge's sponsor may ask too; another earner may not.
      const bySponsor = await as(
        sponsor,
        'GET',
        `/gs-api/badge/applicationlist/${badge._id}/${ada.address}`,
      );
      expect(bySponsor.data.application._id).toBe(adaApplication._id);
      const byOther = await as(
        cy,
        'GET',
        `/gs-api/badge/applicationlist/${badge._id}/${ada.address}`,
      );
      expect(byOther).toMatchObject({ status: 403, message: M.accountMismatch });
    });

    it('refuses a second application, a sponsor, an admin and bad forms, changing nothing', async () => {
      const before = await snapshot();
      const body = { onChainId: badge.onChainId, email: ada.email, ...applicationBody() };
      const cases: [Caller, Record<string, unknown>, number, string][] = [
        [ada, body, 409, M.alreadyApplied],
        [sponsor, { ...body, email: sponsor.email }, 403, AUTH_MESSAGES.earnersOnly],
        [admin, body, 403, AUTH_MESSAGES.forbidden],
        [
          cy,
          { ...body, email: cy.email, fullName: '' },
          400,
          VALIDATION.application.fullNameRequired,
        ],
        [
          cy,
          { ...body, email: cy.email, awardCriteria: undefined },
          400,
          VALIDATION.application.awardCriteriaRequired,
        ],
        [
          cy,
          { ...body, email: cy.email, awardingCriteriaEvidence: 'maybe' },
          400,
          VALIDATION.application.needEvidenceRequired,
        ],
        [cy, { ...body, email: ada.email }, 403, M.emailMismatch],
        [cy, { ...body, email: cy.email, onChainId: '999999' }, 404, M.badgeNotFound],
      ];
      for (const [caller, sent, status, message] of cases) {
        expect(await as(caller, 'POST', '/gs-api/user/metakeep/requestBadge', sent)).toMatchObject({
          status,
          message,
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('lists the earner’s applications with their badges, and the badges applied for', async () => {
      const mine = await as(ada, 'GET', `/gs-api/badge/applied/earner?account=${ada.address}`);
      expect((mine.data as ApplicationWithBadge[]).map((a) => [a._id, a.badge._id])).toEqual([
        [adaApplication._id, badge._id],
      ]);
      const badges = await as(ada, 'GET', '/gs-api/badge/appliedbadge/list');
      expect((badges.data as Badge[]).map((b) => b._id)).toEqual([badge._id]);
      const someoneElse = await as(
        ada,
        'GET',
        `/gs-api/badge/applied/earner?account=${bob.address}`,
      );
      expect(someoneElse.status).toBe(403);
    });
  });

  describe('private badges', () => {
    let privateBadge: Badge;
    beforeAll(async () => {
      privateBadge = await publishApprovedBadge(request, sponsor, admin, {
        name: 'Invitation Only',
        badgeAccess: 'private',
        numberOfBadge: 2,
      });
    }, 60_000);

    it('refuses an earner who is not whitelisted, then accepts them once the sponsor whitelisted them', async () => {
      const body = { onChainId: privateBadge.onChainId, email: cy.email, ...applicationBody() };
      expect(await as(cy, 'POST', '/gs-api/user/metakeep/requestBadge', body)).toMatchObject({
        status: 403,
        message: M.notWhitelisted,
      });

      const whitelist = {
        earnerAccount: cy.address,
        badgeOnChainId: privateBadge.onChainId,
        email: sponsor.email,
      };
      const run = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', whitelist);
      expect(run.consent.description).toContain('Whitelist the wallet');
      expect(run.outcome.status).toBe('COMPLETED');
      expect(run.outcome.events.map((e) => e.eventName)).toContain('EarnerWhitelisted');

      const { application } = await applyFor(request, cy, privateBadge, { fullName: 'Cy Young' });
      expect(application.status).toBe('APPLIED');
    });

    it('refuses whitelisting twice, on a public badge, by another sponsor, or a wallet that is no earner', async () => {
      const before = await snapshot();
      const body = {
        earnerAccount: cy.address,
        badgeOnChainId: privateBadge.onChainId,
        email: sponsor.email,
      };
      const cases: [Caller, Record<string, unknown>, number, string][] = [
        [sponsor, body, 409, M.alreadyWhitelisted],
        [sponsor, { ...body, badgeOnChainId: badge.onChainId }, 409, M.publicBadge],
        [otherSponsor, { ...body, email: otherSponsor.email }, 403, M.notYourBadge],
        [sponsor, { ...body, earnerAccount: otherSponsor.address }, 404, M.notAnEarner],
        [sponsor, { ...body, earnerAccount: sponsor.address }, 400, M.sponsorNotEarner],
        [ada, { ...body, email: ada.email }, 403, AUTH_MESSAGES.notApprovedSponsor],
      ];
      for (const [caller, sent, status, message] of cases) {
        expect(await as(caller, 'POST', '/gs-api/badge/whitelist', sent)).toMatchObject({
          status,
          message,
        });
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
