// The admin console's lists of sponsors: pending ones oldest first, rejected
// ones apart, one sponsor with the GETS from the chain, and the active
// sponsors a page at a time with their count.
import { describe, expect, it } from 'vitest';
import { ACTIVE_SPONSORS_MAX_PAGE } from '@gets/schema';
import { fundWithGets } from '../helpers/accounts.ts';
import { bearer, call } from '../helpers/account-flows.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import {
  NO_SUCH_ID,
  adminSponsorsCalls,
  useAdminSponsorsPlatform,
} from '../helpers/admin-sponsors.ts';

describe('admin decisions on sponsors', () => {
  let platform: TestPlatform;
  let admin: Record<string, string>;
  useAdminSponsorsPlatform((started, firstAdmin) => {
    platform = started;
    admin = firstAdmin;
  });
  const { decide, sponsor, page } = adminSponsorsCalls(
    () => platform,
    () => admin,
  );

  it('lists rejected sponsors apart, and an admin may still accept one', async () => {
    const changedMind = await sponsor('Gamma Guild');
    await decide({ userId: changedMind.user._id, status: 'REJECTED' });
    const list = (status?: string) =>
      call<{ _id: string }[]>(
        platform,
        'GET',
        `/admin/sponsors/unapproved${status ? `?status=${status}` : ''}`,
        undefined,
        admin,
      );
    expect((await list()).data.some((s) => s._id === changedMind.user._id)).toBe(false);
    expect((await list('REJECTED')).data.map((s) => s._id)).toContain(changedMind.user._id);
    expect((await list('APPROVED')).status).toBe(400);

    await decide({ userId: changedMind.user._id, status: 'APPROVED' });
    expect((await list('REJECTED')).data.some((s) => s._id === changedMind.user._id)).toBe(false);
    expect(
      (await call(platform, 'GET', '/user/isApproved', undefined, bearer(changedMind.token))).data,
    ).toBe(true);
  });

  it('lists pending sponsors oldest first, and approved ones with their GETS read from the chain', async () => {
    const first = await sponsor('Alpha Academy');
    const second = await sponsor('Beta Bootcamp');
    const pending = await call<{ _id: string }[]>(
      platform,
      'GET',
      '/admin/sponsors/unapproved',
      undefined,
      admin,
    );
    const ids = pending.data.map((s) => s._id);
    expect(ids.indexOf(first.user._id)).toBeLessThan(ids.indexOf(second.user._id));

    await decide({ userId: first.user._id, status: 'APPROVED' });
    await decide({ userId: second.user._id, status: 'APPROVED' });
    await fundWithGets(platform.ctx, [second.user.account as `0x${string}`], '12.5');
    await fundWithGets(platform.ctx, [first.user.account as `0x${string}`], '3');
    // Two published badges and a draft of the second sponsor: totalBadge counts the published.
    for (const status of ['VERIFIED', 'UNDER_VERIFICATION', 'DRAFT']) {
      await platform.ctx.db.query(
        `INSERT INTO badges (id, sponsor_id, status, name, description, award_criteria, image,
                             is_public, amount_of_token, number_of_badge, batch_expiry_date, published_at)
         VALUES (gen_random_uuid(), $1, $2, 'A badge', 'About it', 'Criteria of thirty characters at least',
                 '/gs-api/ipfs/x', true, 1000000000000000000, 1, now() + interval '1 day',
                 CASE WHEN $2 = 'DRAFT' THEN NULL ELSE now() END)`,
        [second.user._id, status],
      );
    }
    const active = await call<{ _id: string; userBalance: string; fullName: string }[]>(
      platform,
      'GET',
      '/admin/sponsors/verified',
      undefined,
      admin,
    );
    expect(active.status).toBe(200);
    expect(active.data.find((s) => s._id === second.user._id)).toMatchObject({
      fullName: 'Beta Bootcamp',
      userBalance: '12.5',
      totalBadge: 2,
      isVerified: false,
      isBanned: false,
    });
    // Each sponsor gets their own balance (the balances are read in one call).
    expect(active.data.find((s) => s._id === first.user._id)).toMatchObject({
      userBalance: '3',
      totalBadge: 0,
    });
    expect(active.data.some((s) => s._id === first.user._id)).toBe(true);
    const afterApproval = await call<{ _id: string }[]>(
      platform,
      'GET',
      '/admin/sponsors/unapproved',
      undefined,
      admin,
    );
    expect(afterApproval.data.some((s) => s._id === first.user._id)).toBe(false);

    // Search: part of the full name, any letter case.
    const found = await call<{ _id: string }[]>(
      platform,
      'GET',
      '/admin/sponsors/verified?search=bEtA',
      undefined,
      admin,
    );
    expect(found.data.map((s) => s._id)).toEqual([second.user._id]);
    expect(
      (
        await call(
          platform,
          'GET',
          `/admin/sponsors/verified?search=${'x'.repeat(101)}`,
          undefined,
          admin,
        )
      ).status,
    ).toBe(400);

    const one = await call(platform, 'GET', `/admin/sponsor/${second.user._id}`, undefined, admin);
    expect(one).toMatchObject({ status: 200, data: { _id: second.user._id, userBalance: '12.5' } });
    expect(
      (await call(platform, 'GET', `/admin/sponsor/${NO_SUCH_ID}`, undefined, admin)).status,
    ).toBe(404);
    expect((await call(platform, 'GET', '/admin/sponsor/not-an-id', undefined, admin)).status).toBe(
      400,
    );
    for (const path of ['/admin/sponsors/unapproved', '/admin/sponsors/verified']) {
      expect((await call(platform, 'GET', path, undefined, bearer(second.token))).status).toBe(403);
      expect((await call(platform, 'GET', path)).status).toBe(401);
    }
  });

  it("answers the first active sponsors and how many there are (the screen's 12, the dashboard's count)", async () => {
    const names = Array.from(
      { length: 13 },
      (_, i) => `Paging Academy ${String(i).padStart(2, '0')}`,
    );
    for (const name of names) {
      await decide({ userId: (await sponsor(name)).user._id, status: 'APPROVED' });
    }
    // Newest first: the last 12 approved, and the count of all 13.
    expect(await page('search=paging&limit=12')).toMatchObject({
      status: 200,
      names: names.slice(1).reverse(),
      total: '13',
    });
    expect(await page('search=paging&limit=0')).toMatchObject({ names: [], total: '13' });
    expect(await page('search=paging')).toMatchObject({ names: [...names].reverse(), total: '13' });
    expect(await page('search=paging&limit=50')).toMatchObject({ total: '13' });
    // Without a search, the count is the one kept as sponsors come and go.
    const everyone = await page('');
    expect(everyone.total).toBe(String(everyone.names!.length));
    expect(await page('limit=0')).toMatchObject({ names: [], total: everyone.total });
    const newcomer = await sponsor('Paging Academy 13');
    expect((await page('limit=0')).total).toBe(everyone.total);
    await decide({ userId: newcomer.user._id, status: 'APPROVED' });
    expect((await page('limit=0')).total).toBe(String(everyone.names!.length + 1));
    expect((await page('limit=1')).names).toEqual(['Paging Academy 13']);
    await decide({ userId: newcomer.user._id, status: 'REJECTED' });
    expect((await page('limit=0')).total).toBe(everyone.total);
    for (const bad of ['-1', '1.5', 'all', String(ACTIVE_SPONSORS_MAX_PAGE + 1)]) {
      expect(await page(`limit=${bad}`)).toMatchObject({
        status: 400,
        message: `limit must be a whole number from 0 to ${ACTIVE_SPONSORS_MAX_PAGE}`,
      });
    }
  });

  it('answers See more a page at a time after the last sponsor shown, none lost or repeated when one is approved meanwhile', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Keyset Studio ${i}`);
    const ids: string[] = [];
    for (const name of names) {
      const { user } = await sponsor(name);
      await decide({ userId: user._id, status: 'APPROVED' });
      ids.push(user._id);
    }
    const newestFirst = [...ids].reverse();
    const first = await page('search=keyset&limit=3');
    expect(first).toMatchObject({ ids: newestFirst.slice(0, 3), total: '7' });
    // A sponsor approved between two pages comes first in the list: the next
    // page still starts after the last one shown.
    const late = await sponsor('Keyset Studio late');
    await decide({ userId: late.user._id, status: 'APPROVED' });
    const second = await page(`search=keyset&limit=3&after=${first.ids![2]}`);
    expect(second).toMatchObject({ status: 200, ids: newestFirst.slice(3, 6), total: '8' });
    expect(await page(`search=keyset&after=${second.ids![2]}`)).toMatchObject({
      ids: newestFirst.slice(6),
    });
    // Without a limit, the largest page.
    expect((await page('search=keyset')).ids).toHaveLength(8);
    expect(await page('after=not-an-id')).toMatchObject({
      status: 400,
      message: 'after must be a sponsor id',
    });
  });
});
