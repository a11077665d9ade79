// Badges through the HTTP API against the real database and chain: drafts, and
// publish in one consent (escrow exactly badges × tokens + fee), the outcome
// recorded once. Approval, lists, ban and delete: badges-published.test.ts.
import { chainActions } from '../../src/actions.ts';
import { describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { CONSENT_MESSAGES } from '../../src/custody/consent.ts';
import { pipelineJobs } from '../../src/chain/pipeline/pipeline.ts';
import { findTransaction } from '../../src/chain/pipeline/transaction-repository.ts';
import { BADGE_MESSAGES, VALIDATION, type Badge } from '@gets/schema';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  getsBalance,
  postTransfer,
  waitForOutcome,
  type TestUser,
} from '../helpers/accounts.ts';
import {
  badgeBody,
  badgeRows,
  call,
  chainBadge,
  escrowBalance,
  runAction,
  type Caller,
} from '../helpers/badges.ts';
import { badgeFlows, useBadgesPlatform } from '../helpers/badges-api.ts';

const GETS = (amount: string) => parseUnits(amount, 18);
const FEE = GETS('9');

describe('badges', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let earner: TestUser;
  let admin: Caller;
  useBadgesPlatform((cast) => {
    ({ platform, sponsor, otherSponsor, earner, admin } = cast);
  });
  const { request, as } = badgeFlows(
    () => platform,
    () => admin,
  );

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
});
