// The admin console over sponsors: decide (APPROVED lets a sponsor in, their
// next isApproved answers true), the lists, one sponsor with the GETS from
// the chain, verify, and ban (sessions end, login refused, lifted again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, ACTIVE_SPONSORS_MAX_PAGE, TOTAL_COUNT_HEADER } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { ADMIN_SPONSOR_MESSAGES } from '../../src/modules/admin/service.ts';
import { fundWithGets } from '../helpers/accounts.ts';
import { bearer, call, registerUser, type RegisteredUser } from '../helpers/account-flows.ts';
import { adminOfUser, firstAdmin } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('admin decisions on sponsors', () => {
  let platform: TestPlatform;
  let admin: Record<string, string>;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api', RATE_LIMIT_IP_MAX: '10000' });
    admin = (await firstAdmin(platform)).headers;
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const decide = (body: unknown, headers = admin) =>
    call(platform, 'PUT', '/admin/sponsors/status', body, headers);
  const verify = (body: unknown, headers = admin) =>
    call(platform, 'PUT', '/admin/change/verified-status', body, headers);
  const ban = (body: unknown, headers = admin) =>
    call(platform, 'PUT', '/admin/sponsors/ban-status', body, headers);
  const me = (sponsor: RegisteredUser) =>
    call<{ status: string; isVerified: boolean }>(
      platform,
      'GET',
      '/user/me',
      undefined,
      bearer(sponsor.token),
    );
  const sponsor = (fullName = 'Springfield School') =>
    registerUser(platform, { userType: 'SPONSOR', fullName });

  it('approves a pending sponsor: their next isApproved answers true', async () => {
    const pending = await sponsor();
    expect(
      (await call(platform, 'GET', '/user/isApproved', undefined, bearer(pending.token))).data,
    ).toBe(false);
    expect(await decide({ userId: pending.user._id, status: 'APPROVED' })).toMatchObject({
      status: 200,
      message: ADMIN_SPONSOR_MESSAGES.approved,
      data: { _id: pending.user._id, status: 'APPROVED' },
    });
    expect(
      (await call(platform, 'GET', '/user/isApproved', undefined, bearer(pending.token))).data,
    ).toBe(true);
  });

  it('rejects a sponsor: /user/me says REJECTED, isApproved stays false', async () => {
    const pending = await sponsor();
    expect(await decide({ userId: pending.user._id, status: 'REJECTED' })).toMatchObject({
      status: 200,
      message: ADMIN_SPONSOR_MESSAGES.rejected,
      data: { status: 'REJECTED' },
    });
    expect((await me(pending)).data.status).toBe('REJECTED');
    expect(
      (await call(platform, 'GET', '/user/isApproved', undefined, bearer(pending.token))).data,
    ).toBe(false);
  });

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

  it('refuses bad bodies, earners and unknown users with a message, changing nothing', async () => {
    const pending = await sponsor();
    const earner = await registerUser(platform, { userType: 'EARNER' });
    expect(await decide({ userId: pending.user._id, status: 'BANNED' })).toMatchObject({
      status: 400,
      message: 'status must be APPROVED or REJECTED',
    });
    expect(await decide({ userId: 'nope', status: 'APPROVED' })).toMatchObject({
      status: 400,
      message: 'userId must be the id of a sponsor',
    });
    expect(await decide({ userId: earner.user._id, status: 'REJECTED' })).toMatchObject({
      status: 400,
      message: ADMIN_SPONSOR_MESSAGES.notASponsor,
    });
    expect(await decide({ userId: NO_SUCH_ID, status: 'APPROVED' })).toMatchObject({
      status: 400,
      message: ADMIN_SPONSOR_MESSAGES.notFound,
    });
    expect((await me(pending)).data.status).toBe('PENDING');
    const body = { userId: pending.user._id, status: 'APPROVED' };
    expect((await decide(body, bearer(pending.token))).status).toBe(403);
    expect((await decide(body, {})).status).toBe(401);
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

  it('verifies an approved sponsor (isVerified=true), and only that', async () => {
    const pending = await sponsor();
    expect(await verify({ userId: pending.user._id, isVerified: true })).toMatchObject({
      status: 409,
      message: ADMIN_SPONSOR_MESSAGES.notApproved,
    });
    await decide({ userId: pending.user._id, status: 'APPROVED' });
    expect(await verify({ userId: pending.user._id, isVerified: false })).toMatchObject({
      status: 400,
      message: 'isVerified must be true',
    });
    expect(await verify({ userId: NO_SUCH_ID, isVerified: true })).toMatchObject({
      status: 400,
      message: ADMIN_SPONSOR_MESSAGES.notFound,
    });
    expect(await ban({ userId: NO_SUCH_ID, isBanned: true })).toMatchObject({ status: 400 });
    expect((await me(pending)).data.isVerified).toBe(false);
    expect(
      (await verify({ userId: pending.user._id, isVerified: true }, bearer(pending.token))).status,
    ).toBe(403);
    expect((await verify({ userId: pending.user._id, isVerified: true }, {})).status).toBe(401);

    expect(await verify({ userId: pending.user._id, isVerified: true })).toMatchObject({
      status: 200,
      message: ADMIN_SPONSOR_MESSAGES.verified,
      data: { isVerified: true },
    });
    expect((await me(pending)).data.isVerified).toBe(true);
  });

  it('bans a sponsor: their session ends, login is refused, until the ban is lifted', async () => {
    const target = await sponsor();
    await decide({ userId: target.user._id, status: 'APPROVED' });
    const login = () =>
      call(platform, 'POST', '/metakeep/auth/login', {
        email: target.email,
        password: target.password,
      });
    expect((await login()).status).toBe(200);

    expect(await ban({ userId: target.user._id, isBanned: 'yes' })).toMatchObject({
      status: 400,
      message: 'isBanned must be true or false',
    });
    expect(
      (await ban({ userId: target.user._id, isBanned: true }, bearer(target.token))).status,
    ).toBe(403);
    expect(await ban({ userId: target.user._id, isBanned: true })).toMatchObject({
      status: 200,
      message: ADMIN_SPONSOR_MESSAGES.banned,
      data: { isBanned: true },
    });
    // The session they held is gone; a new one is refused with the reason.
    expect((await me(target)).status).toBe(401);
    expect(await login()).toMatchObject({ status: 403, message: AUTH_MESSAGES.banned });
    // A wrong password learns nothing about the ban.
    expect(
      await call(platform, 'POST', '/metakeep/auth/login', {
        email: target.email,
        password: 'Wr0ng!pass',
      }),
    ).toMatchObject({ status: 401, message: ACCOUNT_MESSAGES.invalidCredentials });
    const listed = await call<{ _id: string; isBanned: boolean }[]>(
      platform,
      'GET',
      '/admin/sponsors/verified',
      undefined,
      admin,
    );
    expect(listed.data.find((s) => s._id === target.user._id)?.isBanned).toBe(true);

    expect(await ban({ userId: target.user._id, isBanned: false })).toMatchObject({
      status: 200,
      message: ADMIN_SPONSOR_MESSAGES.unbanned,
      data: { isBanned: false },
    });
    expect((await login()).status).toBe(200);
  });

  it("a ban ends the admin session of the same person too, not the banning admin's", async () => {
    const target = await sponsor('Two Hats Academy');
    const other = await sponsor('Bystander College');
    const asAdmin = await adminOfUser(platform, target, 'linked');
    const bystander = await adminOfUser(platform, other, 'same email');
    const adminCall = (headers: Record<string, string>) =>
      call(platform, 'GET', '/admin/sponsors/unapproved', undefined, headers);
    expect((await adminCall(asAdmin.headers)).status).toBe(200);

    expect((await ban({ userId: target.user._id, isBanned: true })).status).toBe(200);
    expect((await me(target)).status).toBe(401);
    expect(await adminCall(asAdmin.headers)).toMatchObject({
      status: 401,
      message: AUTH_MESSAGES.invalid,
    });
    expect((await adminCall(admin)).status).toBe(200);
    expect((await adminCall(bystander.headers)).status).toBe(200);
    expect((await me(other)).status).toBe(200);
    await ban({ userId: target.user._id, isBanned: false });
  });

  it('POST /metakeep/sponsor: a sponsor asks for and queues their on-chain registration; others are refused', async () => {
    const pending = await sponsor();
    const consent = await call<{ consentToken: string; description: string }>(
      platform,
      'POST',
      '/metakeep/sponsor',
      { email: pending.email },
      bearer(pending.token),
    );
    expect(consent).toMatchObject({
      status: 200,
      data: { description: 'Register your wallet on the platform' },
    });
    expect(
      await call(
        platform,
        'POST',
        '/metakeep/sponsor',
        { email: pending.email, consentToken: consent.data.consentToken },
        bearer(pending.token),
      ),
    ).toMatchObject({ status: 200, data: { status: 'QUEUED' } });

    const other = await sponsor();
    expect(
      await call(
        platform,
        'POST',
        '/metakeep/sponsor',
        { email: pending.email },
        bearer(other.token),
      ),
    ).toMatchObject({ status: 403, message: ACCOUNT_MESSAGES.emailNotYours });
    const earner = await registerUser(platform, { userType: 'EARNER' });
    expect(
      (
        await call(
          platform,
          'POST',
          '/metakeep/sponsor',
          { email: earner.email },
          bearer(earner.token),
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(platform, 'POST', '/metakeep/sponsor', { email: earner.email }, admin)).status,
    ).toBe(403);
    expect(
      (await call(platform, 'POST', '/metakeep/sponsor', { email: earner.email })).status,
    ).toBe(401);
    expect(
      await call(platform, 'POST', '/metakeep/sponsor', { email: 'nope' }, bearer(other.token)),
    ).toMatchObject({ status: 400, message: 'Invalid email address' });
  });

  /** GET /admin/sponsors/verified?query as the admin: the sponsors answered and the count header. */
  const page = async (query: string) => {
    const response = await platform.request(`/gs-api/admin/sponsors/verified?${query}`, {
      headers: admin,
    });
    const body = (await response.json()) as {
      message: string;
      data: { _id: string; fullName: string }[] | null;
    };
    return {
      status: response.status,
      message: body.message,
      names: Array.isArray(body.data) ? body.data.map((s) => s.fullName) : undefined,
      ids: Array.isArray(body.data) ? body.data.map((s) => s._id) : undefined,
      total: response.headers.get(TOTAL_COUNT_HEADER),
    };
  };

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
