// Badges through the HTTP API against the real database and chain: drafts,
// publish in one consent (escrow exactly badges × tokens + fee), the outcome
// recorded once, admin approval and ban, delete with refund, lists and search.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { CONSENT_MESSAGES } from '../../src/custody/consent.ts';
import { pipelineJobs } from '../../src/chain/pipeline/pipeline.ts';
import { findTransaction } from '../../src/chain/pipeline/transaction-repository.ts';
import { BADGE_MESSAGES, VALIDATION, type Badge } from '@gets/schema';
import { startTestPlatform, WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  getsBalance,
  postTransfer,
  waitForOutcome,
  type TestUser,
} from '../helpers/accounts.ts';
import {
  adminCaller,
  badgeBody,
  badgeRows,
  call,
  chainBadge,
  escrowBalance,
  runAction,
  type Caller,
} from '../helpers/badges.ts';

const GETS = (amount: string) => parseUnits(amount, 18);
const FEE = GETS('9');

describe('badges', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let earner: TestUser;
  let admin: Caller;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);
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
    const run = await runAction(request, admin, 'POST', '/gs-api/metakeep/badge/approve', {
      badgeId: badge.onChainId,
      expiryDate,
    });
    expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
    const recorded = await as(admin, 'PUT', `/gs-api/admin/badge/approve/${badge._id}`, {
      expiryDate,
    });
    expect(recorded.status).toBe(200);
    return recorded.data as Badge;
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' });
    otherSponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    earner = await createTestUser(platform.ctx, { gets: '10' });
    admin = await adminCaller(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  describe('drafts', () => {
    it('saves, edits and deletes a draft without touching the chain', async () => {
      const saved = await as(sponsor, 'POST', '/gs-api/badge/add/draft', badgeBody());
      expect(saved.status).toBe(200);
      expect(saved.message).toBe(BADGE_MESSAGES.draftSaved);
      expect(saved.data).toMatchObject({
        name: 'Intro to Solidity',
        amountOfToken: '10',
        numberOfBadge: 3,
        availableBadge: 3,
        isDraft: true,
        status: 'DRAFT',
        badgeNo: null,
        onChainId: null,
        sponsorAddress: sponsor.address,
        badgeAccess: 'public',
      });
      const id = (saved.data as Badge)._id;

      const edited = await as(sponsor, 'PUT', '/gs-api/badge/edit/draft', {
        ...badgeBody({ name: 'Advanced Solidity', badgeAccess: 'private' }),
        _id: id,
      });
      expect(edited.status).toBe(200);
      expect(edited.data).toMatchObject({ _id: id, name: 'Advanced Solidity', isPublic: false });

      const drafts = await as(sponsor, 'GET', '/gs-api/badge/drafted/list');
      expect((drafts.data as Badge[]).map((b) => b._id)).toContain(id);

      const removed = await as(sponsor, 'DELETE', `/gs-api/badge/delete/draft/${id}`);
      expect(removed).toMatchObject({ status: 200, message: BADGE_MESSAGES.draftDeleted });
      expect((await as(sponsor, 'GET', `/gs-api/badge/details/${id}`)).status).toBe(404);
      const consents = await platform.ctx.db.query('SELECT 1 FROM consents WHERE owner_id = $1', [
        sponsor.id,
      ]);
      expect(consents).toHaveLength(0);
    });

    it('refuses bad input with the spec messages and saves nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'x'.repeat(46) }, VALIDATION.badge.titleMax],
        [{ name: '' }, VALIDATION.badge.titleRequired],
        [{ awardCriteria: 'Too short to be criteria' }, VALIDATION.badge.criteriaMin],
        [{ amountOfToken: '0.5' }, VALIDATION.badge.tokensMin],
        [{ numberOfBadge: 0 }, VALIDATION.badge.badgesPositive],
        [{ numberOfBadge: 'many' }, VALIDATION.badge.badgesNumber],
        [
          { batchExpiryDate: new Date(Date.now() - 1000).toISOString() },
          VALIDATION.badge.expiryMin,
        ],
        [{ extraLink: 'not a url' }, VALIDATION.badge.videoLinkUrl],
        [{ description: '' }, VALIDATION.badge.descriptionRequired],
        [{ badgeAccess: 'friends' }, VALIDATION.badge.badgeAccessRequired],
        [{ image: '' }, VALIDATION.badge.imageRequired],
      ];
      const before = await badgeRows(platform.ctx, sponsor.id);
      for (const [overrides, message] of cases) {
        const answer = await as(sponsor, 'POST', '/gs-api/badge/add/draft', badgeBody(overrides));
        expect({ overrides, status: answer.status, message: answer.message }).toEqual({
          overrides,
          status: 400,
          message,
        });
      }
      expect(await badgeRows(platform.ctx, sponsor.id)).toEqual(before);
    });

    it('lets a sponsor change only their own drafts, and only approved sponsors make any', async () => {
      const draft = (await as(sponsor, 'POST', '/gs-api/badge/add/draft', badgeBody()))
        .data as Badge;
      const edit = await as(otherSponsor, 'PUT', '/gs-api/badge/edit/draft', {
        ...badgeBody({ name: 'Hijacked' }),
        _id: draft._id,
      });
      expect(edit).toMatchObject({ status: 403, message: BADGE_MESSAGES.notYours });
      expect(
        (await as(otherSponsor, 'DELETE', `/gs-api/badge/delete/draft/${draft._id}`)).status,
      ).toBe(403);
      // Someone else's draft is not even visible.
      expect((await as(otherSponsor, 'GET', `/gs-api/badge/details/${draft._id}`)).status).toBe(
        404,
      );
      expect((await as(null, 'GET', `/gs-api/badge/details/${draft._id}`)).status).toBe(404);
      expect((await as(sponsor, 'GET', `/gs-api/badge/details/${draft._id}`)).data.name).toBe(
        'Intro to Solidity',
      );

      const byEarner = await as(earner, 'POST', '/gs-api/badge/add/draft', badgeBody());
      expect(byEarner).toMatchObject({ status: 403, message: AUTH_MESSAGES.notApprovedSponsor });
      await platform.ctx.db.query(`UPDATE users SET status = 'PENDING' WHERE id = $1`, [
        otherSponsor.id,
      ]);
      expect((await as(otherSponsor, 'POST', '/gs-api/badge/add/draft', badgeBody())).status).toBe(
        403,
      );
      await platform.ctx.db.query(`UPDATE users SET status = 'APPROVED' WHERE id = $1`, [
        otherSponsor.id,
      ]);
      const foreignAccount = await as(sponsor, 'POST', '/gs-api/badge/add/draft', {
        ...badgeBody(),
        sponsorAddress: otherSponsor.address,
      });
      expect(foreignAccount).toMatchObject({
        status: 403,
        message: BADGE_MESSAGES.accountMismatch,
      });
    });
  });

  describe('publish', () => {
    it('escrows exactly badges × tokens + the fee in one consent, saves the badge and removes its draft', async () => {
      const draft = (
        await as(
          sponsor,
          'POST',
          '/gs-api/badge/add/draft',
          badgeBody({ name: 'Published from draft' }),
        )
      ).data as Badge;
      const sponsorBefore = await getsBalance(platform.ctx, sponsor.address);
      const escrowBefore = await escrowBalance(platform.ctx);

      const body = {
        ...badgeBody({ name: 'Published from draft', amountOfToken: '12.5', numberOfBadge: 4 }),
        isPublic: true,
        email: sponsor.email,
        draftId: draft._id,
      };
      const consent = await as(sponsor, 'POST', '/gs-api/metakeep/badge/create', body);
      expect(consent.status).toBe(200);
      expect(consent.data.description).toContain('Publish the public badge "Published from draft"');
      expect(consent.data.description).toContain(
        '59 GETS (4 badges × 12.5 GETS reward, plus the 9 GETS creation fee)',
      );
      // Nothing is saved before consent is given.
      expect(
        (await badgeRows(platform.ctx, sponsor.id)).filter((r) => r.status !== 'DRAFT'),
      ).toHaveLength(0);

      const withToken = { ...body, consentToken: consent.data.consentToken };
      // A double click sends the token twice: one badge.
      const [first, second] = await Promise.all([
        as(sponsor, 'POST', '/gs-api/metakeep/badge/create', withToken),
        as(sponsor, 'POST', '/gs-api/metakeep/badge/create', withToken),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const queued = first.status === 200 ? first : second;
      const outcome = await waitForOutcome(request, sponsor, queued.data.transactionId);
      expect(outcome.status).toBe('COMPLETED');
      // The same token once the publish completed and the draft is gone: still "used".
      const late = await as(sponsor, 'POST', '/gs-api/metakeep/badge/create', withToken);
      expect(late).toMatchObject({ status: 409, message: CONSENT_MESSAGES.used });

      const total = GETS('12.5') * 4n + FEE;
      expect(await escrowBalance(platform.ctx)).toBe(escrowBefore + total);
      expect(await getsBalance(platform.ctx, sponsor.address)).toBe(sponsorBefore - total);

      const rows = (await badgeRows(platform.ctx, sponsor.id)).filter(
        (r) => r.name === 'Published from draft',
      );
      expect(rows.map((r) => r.status)).toEqual(['UNDER_VERIFICATION']);
      const created = outcome.events.find((e) => e.eventName === 'BadgeCreated')!;
      const onChain = await chainBadge(platform.ctx, created.args.badgeId as string);
      expect(onChain.escrow).toBe(GETS('12.5') * 4n);
      expect(onChain.feeHeld).toBe(FEE);

      const saved = await as(sponsor, 'POST', '/gs-api/badge/add', {
        ...badgeBody(),
        onChainId: created.args.badgeId,
        transactionHash: outcome.transactionHash,
      });
      expect(saved).toMatchObject({ status: 200, message: BADGE_MESSAGES.badgeSaved });
      expect(saved.data).toMatchObject({
        status: 'UNDER_VERIFICATION',
        isDraft: false,
        badgeNo: created.args.badgeId,
        transactionHash: outcome.transactionHash,
        amountOfToken: '12.5',
        numberOfBadge: 4,
      });
      expect((await as(sponsor, 'GET', `/gs-api/badge/details/${draft._id}`)).status).toBe(404);
      // A pending badge is not shown to the public, only to its sponsor and admins.
      const id = saved.data._id as string;
      expect((await as(null, 'GET', `/gs-api/badge/details/${id}`)).status).toBe(404);
      expect((await as(admin, 'GET', `/gs-api/badge/details/${id}`)).status).toBe(200);
      // /badge/add writes nothing: someone else's chain id is refused.
      expect(
        (
          await as(otherSponsor, 'POST', '/gs-api/badge/add', {
            ...badgeBody(),
            onChainId: created.args.badgeId,
            transactionHash: outcome.transactionHash,
          })
        ).status,
      ).toBe(403);
    });

    it('refuses a publish the balance cannot pay, with the spec message, before any consent', async () => {
      const answer = await as(otherSponsor, 'POST', '/gs-api/metakeep/badge/create', {
        ...badgeBody({ amountOfToken: '50', numberOfBadge: 2 }),
        isPublic: true,
        email: otherSponsor.email,
      });
      expect(answer).toMatchObject({
        status: 400,
        message: VALIDATION.badge.notEnoughBalanceToPublish,
      });
    });

    it('leaves the draft as it was and no badge when the chain call fails', async () => {
      // A platform without a worker: the test runs the pipeline itself, so the
      // publish is surely still running when the draft is published again.
      const held = await startTestPlatform({ MODE: 'api' });
      try {
        const heldRequest = (path: string, init?: RequestInit) => held.request(path, init);
        const asHeld = (caller: Caller, method: string, path: string, body?: unknown) =>
          call(heldRequest, caller, method, path, body);
        const poorSponsor = await createTestUser(held.ctx, { userType: 'SPONSOR', gets: '40' });
        const receiver = await createTestUser(held.ctx);
        const draft = (
          await asHeld(
            poorSponsor,
            'POST',
            '/gs-api/badge/add/draft',
            badgeBody({ name: 'Will fail' }),
          )
        ).data as Badge;
        const body = {
          ...badgeBody({ name: 'Will fail', amountOfToken: '10', numberOfBadge: 3 }),
          isPublic: true,
          email: poorSponsor.email,
          draftId: draft._id,
        };
        const consent = await asHeld(poorSponsor, 'POST', '/gs-api/metakeep/badge/create', body);
        expect(consent.status).toBe(200);
        // The balance leaves the wallet before the publish runs (one at a time per wallet).
        const transfer = await postTransfer(held, poorSponsor, {
          to: receiver.address,
          amount: '35',
        });
        const transferConsent = (await transfer.json()) as { data: { consentToken: string } };
        const sent = await postTransfer(held, poorSponsor, {
          to: receiver.address,
          amount: '35',
          consentToken: transferConsent.data.consentToken,
        });
        expect(sent.status).toBe(200);
        const queued = await asHeld(poorSponsor, 'POST', '/gs-api/metakeep/badge/create', {
          ...body,
          consentToken: consent.data.consentToken,
        });
        expect(queued.status).toBe(200);
        // While it runs, the draft cannot be published again.
        const again = await asHeld(poorSponsor, 'POST', '/gs-api/metakeep/badge/create', body);
        expect(again).toMatchObject({ status: 409, message: BADGE_MESSAGES.draftPublishing });

        const jobs = await pipelineJobs({
          actions: chainActions,
          log: { warn: () => undefined },
          db: held.ctx.db,
          keystore: held.ctx.keystore,
          chain: held.ctx.chain,
          contracts: held.ctx.contracts,
          config: held.ctx.config,
        });
        const step = (name: string) => jobs.find((job) => job.name === name)!.run();
        const publishId = queued.data.transactionId as string;
        for (let round = 0; round < 20; round++) {
          const status = (await findTransaction(held.ctx.db, publishId))!.status;
          if (status === 'COMPLETED' || status === 'FAILED') break;
          await step('relay');
          await step('settle');
        }
        expect((await findTransaction(held.ctx.db, publishId))!.status).toBe('FAILED');
        expect(await badgeRows(held.ctx, poorSponsor.id)).toEqual([
          { id: draft._id, status: 'DRAFT', name: 'Will fail' },
        ]);
        const kept = await asHeld(poorSponsor, 'GET', `/gs-api/badge/details/${draft._id}`);
        expect(kept.data).toMatchObject({ status: 'DRAFT', amountOfToken: '10', numberOfBadge: 3 });
      } finally {
        await held.stop();
      }
    });

    it("runs the spec's approve-badge and approve-escrow as allowances, each through consent", async () => {
      const spending = { email: sponsor.email, amountOfToken: '5', numberOfBadge: 2 };
      const fee = await runAction(
        request,
        sponsor,
        'POST',
        '/gs-api/metakeep/badge/approve-badge',
        spending,
      );
      expect(fee.consent.description).toBe(
        'Allow the badge escrow to take the 9 GETS badge creation fee from your wallet',
      );
      expect(fee.outcome.status).toBe('COMPLETED');
      const escrow = await runAction(
        request,
        sponsor,
        'POST',
        '/gs-api/metakeep/badge/approve-escrow',
        spending,
      );
      expect(escrow.outcome.status).toBe('COMPLETED');
      const allowance = await platform.ctx.chain.publicClient.readContract({
        address: platform.ctx.contracts.token,
        abi: (await import('@gets/contracts')).getsTokenAbi,
        functionName: 'allowance',
        args: [sponsor.address, platform.ctx.contracts.badges],
      });
      expect(allowance).toBe(GETS('5') * 2n + FEE);
    });
  });

  describe('admin approval, lists and search', () => {
    let listed: Badge;
    let privateBadge: Badge;

    beforeAll(async () => {
      listed = await approve(
        await publish(sponsor, { name: 'Zebra Keeping 101', amountOfToken: '3' }),
      );
      privateBadge = await approve(
        await publish(sponsor, { name: 'Private Zebra Club', badgeAccess: 'private' }),
      );
    });

    it('approves on chain with the expiry date, then records it', async () => {
      expect(listed).toMatchObject({ status: 'VERIFIED', isVerified: true });
      const onChain = await chainBadge(platform.ctx, listed.onChainId!);
      expect(onChain.status).toBe(2);
      expect(Number(onChain.expiryDate) * 1000).toBe(Date.parse(listed.expiryDate!));
      expect(onChain.feeHeld).toBe(0n);
    });

    it('refuses approval to anyone but an admin, and a date in the past', async () => {
      const pending = await publish(sponsor, { name: 'Waiting badge' });
      const bySponsor = await as(sponsor, 'POST', '/gs-api/metakeep/badge/approve', {
        badgeId: pending.onChainId,
        expiryDate: Date.now() + 86_400_000,
      });
      expect(bySponsor.status).toBe(403);
      const past = await as(admin, 'POST', '/gs-api/metakeep/badge/approve', {
        badgeId: pending.onChainId,
        expiryDate: Date.now() - 1000,
      });
      expect(past).toMatchObject({ status: 400, message: BADGE_MESSAGES.expiryDateFuture });
      const early = await as(admin, 'PUT', `/gs-api/admin/badge/approve/${pending._id}`, {
        expiryDate: Date.now() + 86_400_000,
      });
      expect(early).toMatchObject({ status: 409, message: BADGE_MESSAGES.approvalNotCompleted });

      const queue = await as(
        admin,
        'GET',
        '/gs-api/admin/badge?page=1&limit=100&status=UNDER_VERIFICATION&badgeAccess=',
      );
      expect(queue.status).toBe(200);
      expect(queue.data.approvalPeriod).toBe(10);
      expect((queue.data.badges as Badge[]).map((b) => b.name)).toContain('Waiting badge');
      expect((queue.data.badges as Badge[]).every((b) => b.status === 'UNDER_VERIFICATION')).toBe(
        true,
      );
      const searched = await as(admin, 'GET', '/gs-api/admin/badge?name=waiting');
      expect((searched.data.badges as Badge[]).map((b) => b.name)).toEqual(['Waiting badge']);
      expect(searched.data.hasMore).toBe(false);
    });

    it('lists approved public badges only, finds them by part of the name in any case', async () => {
      const recent = await as(null, 'GET', '/gs-api/badge/list/recent');
      const names = (recent.data.badges as Badge[]).map((b) => b.name);
      expect(names).toContain('Zebra Keeping 101');
      expect(names).not.toContain('Private Zebra Club');
      expect(names).not.toContain('Waiting badge');
      expect(recent.data.total).toBe(names.length);

      const search = await as(null, 'GET', '/gs-api/badge/list/recent?name=ZEBRA%20keep');
      expect((search.data.badges as Badge[]).map((b) => b.name)).toEqual(['Zebra Keeping 101']);
      const none = await as(null, 'GET', '/gs-api/badge/list/recent?name=nothing-like-this');
      expect(none.data).toEqual({ badges: [], total: 0, nextCursor: null });
      // A typed % matches itself, not everything.
      expect((await as(null, 'GET', '/gs-api/badge/list/recent?name=%25')).data.total).toBe(0);
      // The private badge is reachable by its link, never by a list.
      expect((await as(null, 'GET', `/gs-api/badge/details/${privateBadge._id}`)).data.name).toBe(
        'Private Zebra Club',
      );
    });

    it('pages by cursor in each order with the total on the first page', async () => {
      for (const [name, amount] of [
        ['Page A', '7'],
        ['Page B', '40'],
        ['Page C', '1'],
      ] as const) {
        await approve(await publish(sponsor, { name, amountOfToken: amount, numberOfBadge: 1 }));
      }
      const first = await as(null, 'GET', '/gs-api/badge/list/highly?limit=2');
      expect(first.data.total).toBe(4);
      expect((first.data.badges as Badge[]).map((b) => b.name)).toEqual(['Page B', 'Page A']);
      const second = await as(
        null,
        'GET',
        `/gs-api/badge/list/highly?limit=2&cursor=${first.data.nextCursor}`,
      );
      expect((second.data.badges as Badge[]).map((b) => b.name)).toEqual([
        'Zebra Keeping 101',
        'Page C',
      ]);
      expect(second.data).toMatchObject({ total: null, nextCursor: null });
      // A name search's matches are counted only when they fit in the first page.
      const searchedPage = await as(null, 'GET', '/gs-api/badge/list/recent?name=page%20&limit=2');
      expect((searchedPage.data.badges as Badge[]).map((b) => b.name)).toEqual([
        'Page C',
        'Page B',
      ]);
      expect(searchedPage.data.total).toBeNull();
      const searchedRest = await as(
        null,
        'GET',
        `/gs-api/badge/list/recent?name=page%20&limit=2&cursor=${searchedPage.data.nextCursor}`,
      );
      expect(searchedRest.data).toMatchObject({ total: null, nextCursor: null });
      expect((searchedRest.data.badges as Badge[]).map((b) => b.name)).toEqual(['Page A']);
      const searchedAll = await as(null, 'GET', '/gs-api/badge/list/recent?name=page%20&limit=3');
      expect(searchedAll.data).toMatchObject({ total: 3, nextCursor: null });
      // The admin's search pages on: the count is of the status and access, the matches say whether more follow.
      const adminSearch = await as(admin, 'GET', '/gs-api/admin/badge?name=page%20&limit=2');
      expect((adminSearch.data.badges as Badge[]).map((b) => b.name)).toEqual(['Page C', 'Page B']);
      expect(adminSearch.data.hasMore).toBe(true);
      const adminRest = await as(admin, 'GET', '/gs-api/admin/badge?name=page%20&limit=2&page=2');
      expect((adminRest.data.badges as Badge[]).map((b) => b.name)).toEqual(['Page A']);
      expect(adminRest.data.hasMore).toBe(false);
      expect(adminRest.data.total).toBe(adminSearch.data.total);
      // Totals beyond one page come from the counts the triggers keep.
      const admin1 = await as(
        admin,
        'GET',
        '/gs-api/admin/badge?status=VERIFIED&badgeAccess=public&limit=1',
      );
      expect(admin1.data).toMatchObject({ total: 4, hasMore: true });
      expect(adminSearch.data.total).toBe(
        (
          await platform.ctx.db.query(
            `SELECT 1 FROM badges WHERE status IN ('UNDER_VERIFICATION', 'VERIFIED', 'BANNED', 'REMOVED')`,
          )
        ).length,
      );

      const recent = await as(null, 'GET', '/gs-api/badge/list/recent?limit=3');
      expect((recent.data.badges as Badge[]).map((b) => b.name)).toEqual([
        'Page C',
        'Page B',
        'Page A',
      ]);
      // Popular: most applications first (counted by the application work).
      await platform.ctx.db.query(`UPDATE badges SET application_count = 5 WHERE name = 'Page A'`);
      const popular = await as(null, 'GET', '/gs-api/badge/list/popular?limit=1');
      expect((popular.data.badges as Badge[])[0]!.name).toBe('Page A');
      expect((await as(null, 'GET', '/gs-api/badge/list/recent?cursor=garbage')).status).toBe(400);
      expect((await as(null, 'GET', '/gs-api/badge/list/oldest')).status).toBe(400);
    });

    it("shows a sponsor's published badges and count to the admin", async () => {
      const answer = await as(
        admin,
        'GET',
        `/gs-api/badge/published/admin?account=${sponsor.address}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.data.totalBadge).toBe((answer.data.badges as Badge[]).length);
      expect(answer.data.totalBadge).toBeGreaterThanOrEqual(6);
      expect((answer.data.badges as Badge[]).every((b) => !b.isDraft)).toBe(true);
      expect(
        (await as(sponsor, 'GET', `/gs-api/badge/published/admin?account=${sponsor.address}`))
          .status,
      ).toBe(403);
    });
  });

  describe('ban and delete', () => {
    it('bans a badge on chain: unpaid rewards back to the sponsor, BANNED everywhere, out of the lists', async () => {
      const badge = await approve(
        await publish(sponsor, { name: 'To be banned', amountOfToken: '4', numberOfBadge: 5 }),
      );
      const before = await getsBalance(platform.ctx, sponsor.address);
      expect((await as(sponsor, 'PUT', `/gs-api/admin/badge/ban/${badge._id}`, {})).status).toBe(
        403,
      );
      const run = await runAction(
        request,
        admin,
        'PUT',
        `/gs-api/admin/badge/ban/${badge._id}`,
        {},
      );
      expect(run.consent.description).toContain('Ban the badge "To be banned"');
      expect(run.outcome.status).toBe('COMPLETED');
      expect(await getsBalance(platform.ctx, sponsor.address)).toBe(before + GETS('4') * 5n);
      const details = await as(null, 'GET', `/gs-api/badge/details/${badge._id}`);
      expect(details.data).toMatchObject({ status: 'BANNED', isVerified: false });
      const list = await as(null, 'GET', '/gs-api/badge/list/recent?name=banned');
      expect(list.data.badges).toEqual([]);
      const again = await as(admin, 'PUT', `/gs-api/admin/badge/ban/${badge._id}`, {});
      expect(again).toMatchObject({ status: 409, message: BADGE_MESSAGES.alreadyBanned });
    });

    it('deletes only your own published badge, refunding the unclaimed escrow and the held fee', async () => {
      const badge = await publish(sponsor, {
        name: 'To be deleted',
        amountOfToken: '6',
        numberOfBadge: 2,
      });
      const byOther = await as(otherSponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
        onChainId: badge.onChainId,
        email: otherSponsor.email,
      });
      expect(byOther).toMatchObject({ status: 403, message: BADGE_MESSAGES.notYours });
      expect((await as(otherSponsor, 'DELETE', `/gs-api/badge/delete/${badge._id}`)).status).toBe(
        403,
      );
      expect(await as(sponsor, 'DELETE', `/gs-api/badge/delete/${badge._id}`)).toMatchObject({
        status: 409,
        message: BADGE_MESSAGES.deletionNotCompleted,
      });

      const before = await getsBalance(platform.ctx, sponsor.address);
      const escrowBefore = await escrowBalance(platform.ctx);
      const run = await runAction(request, sponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
        onChainId: badge.onChainId,
        email: sponsor.email,
      });
      expect(run.outcome.status).toBe('COMPLETED');
      // Not approved yet: the fee comes back too.
      const refund = GETS('6') * 2n + FEE;
      expect(await getsBalance(platform.ctx, sponsor.address)).toBe(before + refund);
      expect(await escrowBalance(platform.ctx)).toBe(escrowBefore - refund);
      const deleted = await as(sponsor, 'DELETE', `/gs-api/badge/delete/${badge._id}`);
      expect(deleted).toMatchObject({ status: 200, message: BADGE_MESSAGES.badgeDeleted });
      expect(deleted.data.status).toBe('DELETED');
      expect((await as(sponsor, 'GET', `/gs-api/badge/details/${badge._id}`)).status).toBe(404);
      const published = await as(sponsor, 'GET', '/gs-api/badge/published/list');
      expect((published.data as Badge[]).map((b) => b._id)).not.toContain(badge._id);
      expect(
        (await as(sponsor, 'GET', `/gs-api/badge/allBadge/list?account=${otherSponsor.address}`))
          .status,
      ).toBe(403);
    });
  });

  describe('page previews', () => {
    it("gives /badge/{id} the badge's title and Open Graph tags, escaped, in an otherwise intact page", async () => {
      // `$&`, `$'` and `` $` `` are replacement patterns to String.prototype.replace.
      const name = '$& $\' $` <script>"x"</script> & é';
      const escaped = '$&amp; $&#39; $` &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; é';
      const badge = await approve(await publish(sponsor, { name }));
      const html = await (await request(`/badge/${badge._id}`)).text();
      expect(html).toContain(`<title>${escaped} - GETS Badges</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escaped} - GETS Badges" />`);
      expect(html).toContain(
        `<meta property="og:image" content="${platform.url}/gs-api/ipfs/bafkreibadgeimage" />`,
      );
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).not.toContain('<script>');
      expect(html).toMatch(
        new RegExp(
          `^<!doctype html><html><head>[^]*</head><body><div id="root">${WEB_APP_MARKER}</div></body></html>$`,
        ),
      );
      // A draft or unknown badge gets the plain page.
      expect(
        await (await request('/badge/00000000-0000-4000-8000-000000000000')).text(),
      ).not.toContain('og:title');
    });
  });
});
