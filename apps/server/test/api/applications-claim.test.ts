// The claim of badge and reward over HTTP on the real database and chain: once
// whatever the concurrency, the credential, its revocation on a ban, every
// refusal; from Zoe Ada approved, Bob Babbage rejected (applications-scene.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { badgeEscrowAbi, badgeTokenAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  type Application,
  type ApplicationWithBadge,
  type Badge,
} from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { getsBalance, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { runAction, type Caller } from '../helpers/badges.ts';
import { applicationBody, applyFor, claimApplication, review } from '../helpers/applications.ts';
import { applicationsCalls, useApplicationsPlatform } from '../helpers/applications-scene.ts';

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
  useApplicationsPlatform('reviewed', (cast) => {
    ({ platform, sponsor, otherSponsor, admin, ada, bob, cy, badge } = cast);
  });
  const { request, as, earner, snapshot } = applicationsCalls(() => platform);

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
          // No EXPLORER_URL: the web app's own transaction page.
          explorerUrl: `/tx/${run.outcome.transactionHash}`,
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
