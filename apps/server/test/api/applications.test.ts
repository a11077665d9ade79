// Applications and awards through the HTTP API against the real database and
// chain: apply with the form in one consent, eligibility, the private badge's
// whitelist, the sponsor's review of many applications in one consent, the
// claim of badge and reward (once, whatever the concurrency), the award's
// credential, and every refusal with its message and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { badgeEscrowAbi, badgeTokenAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  TOASTS,
  VALIDATION,
  tooManyApprovalsMessage,
  type Application,
  type ApplicationWithBadge,
  type Badge,
} from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, getsBalance, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, runAction, type Caller } from '../helpers/badges.ts';
import {
  applicationBody,
  applicationRow,
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const GETS = (amount: string) => parseUnits(amount, 18);

describe('applications and awards', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let badge: Badge;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);
  const earner = (gets?: string) =>
    createTestUser(platform.ctx, gets === undefined ? {} : { gets });

  /** Rows that a refused call must leave as they were. */
  async function snapshot() {
    const { db } = platform.ctx;
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

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' });
    otherSponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    admin = await adminCaller(platform.ctx);
    [ada, bob, cy] = [await earner(), await earner(), await earner()];
    badge = await publishApprovedBadge(request, sponsor, admin, { name: 'Engine Programmer' });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

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

  describe('claim', () => {
    let zoes: Application;
    beforeAll(async () => {
      const list = await as(sponsor, 'GET', `/gs-api/badge/applications/list?badgeId=${badge._id}`);
      zoes = (list.data as Application[]).find((a) => a.fullName === 'Zoe Ada')!;
    });

    it('refuses anyone but the approved earner, before anything is signed', async () => {
      const bobs = (
        (await as(sponsor, 'GET', `/gs-api/badge/applications/list?badgeId=${badge._id}`))
          .data as Application[]
      ).find((a) => a.fullName === 'Bob Babbage')!;
      const before = await snapshot();
      const cases: [Caller, Record<string, unknown>, number, string][] = [
        [bob, { onChainId: zoes.onChainId, email: bob.email }, 403, M.notYours],
        [bob, { onChainId: bobs.onChainId, email: bob.email }, 409, M.rejected],
        [ada, { onChainId: zoes.onChainId, email: bob.email }, 403, M.emailMismatch],
        [
          sponsor,
          { onChainId: zoes.onChainId, email: sponsor.email },
          403,
          AUTH_MESSAGES.earnersOnly,
        ],
        [ada, { onChainId: '777777', email: ada.email }, 404, M.notFound],
      ];
      for (const [caller, body, status, message] of cases) {
        expect(await as(caller, 'POST', '/gs-api/user/metakeep/claimBadge', body)).toMatchObject({
          status,
          message,
        });
      }
      const cyApplication = (await as(cy, 'GET', `/gs-api/badge/applied/earner`))
        .data as ApplicationWithBadge[];
      expect(
        await as(cy, 'POST', '/gs-api/metakeep/claim/token', {
          badgeId: cyApplication[0]!.badgeId,
          email: cy.email,
        }),
      ).toMatchObject({ status: 409, message: M.notApproved });
      expect(
        await as(cy, 'POST', '/gs-api/metakeep/claim/token', {
          badgeId: badge._id,
          email: cy.email,
        }),
      ).toMatchObject({ status: 404, message: M.notFound });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses the after-the-chain calls before their chain call is done, and anyone else’s', async () => {
      const before = await snapshot();
      const cyApplication = (
        (await as(cy, 'GET', '/gs-api/badge/applied/earner')).data as ApplicationWithBadge[]
      )[0]!;
      const cases: [Caller | null, string, string, unknown, number, string][] = [
        [
          ada,
          'POST',
          '/gs-api/badge/claim/earner',
          { badgeApplicationId: zoes._id, badgeId: badge._id },
          409,
          M.claimNotCompleted,
        ],
        [
          bob,
          'POST',
          '/gs-api/badge/claim/earner',
          { badgeApplicationId: zoes._id, badgeId: badge._id },
          403,
          M.notYours,
        ],
        [
          ada,
          'POST',
          '/gs-api/metakeep/transfer/token',
          { badgeId: badge._id, account: ada.address },
          409,
          M.claimNotCompleted,
        ],
        [
          ada,
          'POST',
          '/gs-api/metakeep/transfer/token',
          { badgeId: badge._id, account: bob.address },
          403,
          M.accountMismatch,
        ],
        [
          bob,
          'POST',
          '/gs-api/badge/create/badge-application',
          { badgeId: badge._id, earnerAddress: bob.address, onChainId: zoes.onChainId },
          403,
          M.notYours,
        ],
        [
          ada,
          'POST',
          '/gs-api/badge/create/badge-application',
          { badgeId: badge._id, earnerAddress: ada.address, onChainId: '999999' },
          404,
          M.requestNotCompleted,
        ],
        [
          ada,
          'POST',
          '/gs-api/badge/claim',
          {
            badgeId: cyApplication.badgeId,
            studentAddress: ada.address,
            onChainId: zoes.onChainId,
            ...applicationBody(),
          },
          404,
          M.notFound,
        ],
        [
          sponsor,
          'POST',
          '/gs-api/badge/process',
          { badgeApplicationId: cyApplication._id, status: 'APPROVED' },
          409,
          M.reviewNotCompleted,
        ],
        [
          otherSponsor,
          'POST',
          '/gs-api/badge/process',
          { badgeApplicationId: zoes._id, status: 'APPROVED' },
          403,
          M.notYourBadge,
        ],
        [ada, 'GET', `/gs-api/badge/assigned/${bob.address}`, undefined, 403, M.accountMismatch],
        [
          sponsor,
          'GET',
          `/gs-api/user/sponsor/all-earners/${otherSponsor.address}`,
          undefined,
          403,
          M.accountMismatch,
        ],
        [
          null,
          'GET',
          '/gs-api/badge/earners/00000000-0000-4000-8000-000000000000',
          undefined,
          404,
          M.badgeNotFound,
        ],
      ];
      for (const [caller, method, path, body, status, message] of cases) {
        expect({ path, ...(await as(caller, method, path, body)) }).toMatchObject({
          path,
          status,
          message,
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('mints the badge token and pays the reward in one claim, records the award and issues its credential', async () => {
      const { ctx } = platform;
      const start = await getsBalance(ctx, ada.address);
      const run = await claimApplication(request, ada, zoes);
      expect(run.consent.description).toBe(
        `Claim the badge "Engine Programmer" (GETS ${badge.onChainId}): its soul-bound badge token is minted to your wallet and its 10 GETS reward is paid to you from the badge escrow`,
      );
      expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
      expect(await getsBalance(ctx, ada.address)).toBe(start + GETS('10'));
      const claimed = run.outcome.events.find((e) => e.eventName === 'BadgeClaimed')!;
      const tokenId = BigInt(claimed.args.tokenId as string);
      expect(
        await ctx.chain.publicClient.readContract({
          address: ctx.contracts.badgeToken,
          abi: badgeTokenAbi,
          functionName: 'ownerOf',
          args: [tokenId],
        }),
      ).toBe(ada.address);

      const award = await as(ada, 'POST', '/gs-api/badge/claim/earner', {
        badgeApplicationId: zoes._id,
        badgeId: badge._id,
      });
      expect(award).toMatchObject({ status: 200, message: M.claimed });
      expect(award.data).toMatchObject({
        status: 'TOKEN_CLAIMED',
        tokenId: tokenId.toString(),
        rewardAmount: '10',
        assignedHash: run.outcome.transactionHash,
      });
      expect(Date.parse(award.data.assignedAt)).not.toBeNaN();

      const transfer = await as(ada, 'POST', '/gs-api/metakeep/transfer/token', {
        badgeId: badge._id,
        account: ada.address,
      });
      expect(transfer.data).toMatchObject({
        amount: '10',
        account: ada.address,
        transactionHash: run.outcome.transactionHash,
      });

      const credentials = await ctx.db.query<{ award_id: string; badge_id: string }>(
        'SELECT award_id, badge_id FROM credentials WHERE earner_user_id = $1',
        [ada.id],
      );
      expect(credentials).toEqual([{ award_id: zoes._id, badge_id: badge._id }]);

      // The earner's awards, the badge page's earners, the sponsor's winners and totals.
      const earned = await as(ada, 'GET', `/gs-api/badge/assigned/${ada.address}`);
      expect((earned.data as ApplicationWithBadge[]).map((a) => a.badge._id)).toEqual([badge._id]);
      const earners = await as(null, 'GET', `/gs-api/badge/earners/${badge._id}`);
      expect(earners.data).toEqual([
        {
          name: 'Zoe Ada',
          assignedAt: award.data.assignedAt,
          transactionHash: run.outcome.transactionHash,
          explorerUrl: null,
        },
      ]);
      const winners = await as(
        sponsor,
        'GET',
        `/gs-api/user/sponsor/all-earners/${sponsor.address}`,
      );
      expect(winners.data).toEqual([
        expect.objectContaining({
          fullName: 'Zoe Ada',
          studentAddress: ada.address,
          assignedHash: run.outcome.transactionHash,
          badgeName: 'Engine Programmer',
          amount: '10',
        }),
      ]);
      const totals = await as(
        sponsor,
        'GET',
        `/gs-api/user/sponsor/total-awards/${sponsor.address}`,
      );
      expect(totals.data).toEqual({ totalAwards: 1, totalTokens: '10' });
      expect(
        (await as(sponsor, 'GET', `/gs-api/user/sponsor/total-awards/${otherSponsor.address}`))
          .status,
      ).toBe(403);
    });

    it('refuses a second claim by either call, and answers the claimed award again', async () => {
      const before = await snapshot();
      expect(
        await as(ada, 'POST', '/gs-api/user/metakeep/claimBadge', {
          onChainId: zoes.onChainId,
          email: ada.email,
        }),
      ).toMatchObject({ status: 409, message: M.alreadyClaimed });
      expect(
        await as(ada, 'POST', '/gs-api/metakeep/claim/token', {
          badgeId: badge._id,
          email: ada.email,
        }),
      ).toMatchObject({ status: 409, message: M.alreadyClaimed });
      expect(await snapshot()).toEqual(before);
    });

    it('pays exactly once when 100 claims of one approved application arrive at once', async () => {
      const { ctx } = platform;
      const dan = await earner();
      const { application } = await applyFor(request, dan, badge, { fullName: 'Dan Dijkstra' });
      expect((await review(request, sponsor, [[application, true]])).outcome.status).toBe(
        'COMPLETED',
      );
      // A hundred consents, from both claim calls (double clicks, tabs, retries).
      const bodies = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const [path, body] =
            index % 2 === 0
              ? [
                  '/gs-api/user/metakeep/claimBadge',
                  { onChainId: application.onChainId, email: dan.email },
                ]
              : ['/gs-api/metakeep/claim/token', { badgeId: badge._id, email: dan.email }];
          const consent = await as(dan, 'POST', path, body);
          expect(consent.status).toBe(200);
          return { path, body: { ...body, consentToken: consent.data.consentToken as string } };
        }),
      );
      const start = await getsBalance(ctx, dan.address);
      const escrowBefore = (
        await ctx.chain.publicClient.readContract({
          address: ctx.contracts.badges,
          abi: badgeEscrowAbi,
          functionName: 'getBadge',
          args: [BigInt(badge.onChainId!)],
        })
      ).escrow;

      const answers = await Promise.all(
        bodies.map(({ path, body }) => as(dan, 'POST', path, body)),
      );
      const queued = answers.filter((a) => a.status === 200);
      expect(queued).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.map((a) => a.status)).toEqual(Array(99).fill(409));
      expect(refused.every((a) => a.message === M.claiming || a.message === M.alreadyClaimed)).toBe(
        true,
      );
      // The request that queued, retried with its token, is refused too.
      const winner = bodies[answers.findIndex((a) => a.status === 200)]!;
      expect((await as(dan, 'POST', winner.path, winner.body)).status).toBe(409);

      const outcome = await waitForOutcome(request, dan, queued[0]!.data.transactionId);
      expect(outcome.status).toBe('COMPLETED');
      expect(await getsBalance(ctx, dan.address)).toBe(start + GETS('10'));
      const after = await ctx.chain.publicClient.readContract({
        address: ctx.contracts.badges,
        abi: badgeEscrowAbi,
        functionName: 'getBadge',
        args: [BigInt(badge.onChainId!)],
      });
      expect(after.escrow).toBe(escrowBefore - GETS('10'));
      const claims = await ctx.db.query(
        `SELECT status FROM chain_transactions WHERE owner_id = $1 AND action->>'type' = 'claimBadge'`,
        [dan.id],
      );
      expect(claims).toEqual([{ status: 'COMPLETED' }]);
      const credentials = await ctx.db.query(
        'SELECT 1 FROM credentials WHERE earner_user_id = $1',
        [dan.id],
      );
      expect(credentials).toHaveLength(1);
      const totals = await as(
        sponsor,
        'GET',
        `/gs-api/user/sponsor/total-awards/${sponsor.address}`,
      );
      expect(totals.data).toEqual({ totalAwards: 2, totalTokens: '20' });
    });

    it('revokes the credentials of a badge the admin bans, and shows it banned in the earner’s list', async () => {
      const run = await runAction(
        request,
        admin,
        'PUT',
        `/gs-api/admin/badge/ban/${badge._id}`,
        {},
      );
      expect(run.outcome.status).toBe('COMPLETED');
      const credentials = await platform.ctx.db.query<{ revoked: boolean }>(
        'SELECT revoked_at IS NOT NULL AS revoked FROM credentials WHERE badge_id = $1',
        [badge._id],
      );
      expect(credentials).toEqual([{ revoked: true }, { revoked: true }]);
      const mine = await as(ada, 'GET', '/gs-api/badge/applied/earner');
      const onBanned = (mine.data as ApplicationWithBadge[]).find((a) => a.badgeId === badge._id)!;
      expect(onBanned.badge.status).toBe('BANNED');
      expect(
        await as(cy, 'POST', '/gs-api/user/metakeep/requestBadge', {
          onChainId: badge.onChainId,
          email: cy.email,
          ...applicationBody(),
        }),
      ).toMatchObject({ status: 409, message: M.badgeBanned });
    });
  });
});
