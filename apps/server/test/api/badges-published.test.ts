// Published badges through the HTTP API against the real database and chain:
// admin approval, lists and search, ban, delete with refund, and the badge
// page's preview tags. Drafts and publish: badges.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { BADGE_MESSAGES, type Badge } from '@gets/schema';
import { WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';
import { getsBalance, type TestUser } from '../helpers/accounts.ts';
import { chainBadge, escrowBalance, runAction, type Caller } from '../helpers/badges.ts';
import { badgeFlows, useBadgesPlatform } from '../helpers/badges-api.ts';

const GETS = (amount: string) => parseUnits(amount, 18);
const FEE = GETS('9');

describe('badges', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let admin: Caller;
  useBadgesPlatform((cast) => {
    ({ platform, sponsor, otherSponsor, admin } = cast);
  });
  const { request, as, publish, approve } = badgeFlows(
    () => platform,
    () => admin,
  );

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
