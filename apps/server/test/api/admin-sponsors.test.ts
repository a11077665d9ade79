// The admin console's decisions on sponsors: approve (APPROVED lets a sponsor
// in, their next isApproved answers true), reject, verify, and ban (sessions
// end, login refused, lifted again); a sponsor's on-chain registration. The
// lists: admin-sponsors-lists.test.ts.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { ADMIN_SPONSOR_MESSAGES } from '../../src/modules/admin/service.ts';
import { bearer, call, registerUser } from '../helpers/account-flows.ts';
import { adminOfUser } from '../helpers/admin.ts';
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
  const { decide, verify, ban, me, sponsor } = adminSponsorsCalls(
    () => platform,
    () => admin,
  );

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
});
