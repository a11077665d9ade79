// More admins: an email invites a new admin (own wallet, a mailed link to set
// a password), an existing user's wallet becomes an admin (signs in with the
// user's password, signs with that wallet); ADMIN_ROLE goes on chain through
// the acting admin's wallet, and removing an admin revokes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettingsAbi } from '@gets/contracts';
import { ADD_ADMIN_MESSAGES, SECURITY_MESSAGES } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import { ADMIN_ROLE } from '../../src/modules/admin/actions.ts';
import { ADMINS_MESSAGES } from '../../src/modules/admin/admins-service.ts';
import { ADMIN_ROLE_CONTRACTS } from '../../src/modules/admin-auth/admin-roles.ts';
import { INVITATION_MESSAGES } from '../../src/modules/admin-auth/invitations.ts';
import { ADMIN_MESSAGES } from '../../src/modules/admin-auth/service.ts';
import { ADMIN_LOGIN_SECRET_HEADER } from '@gets/schema';
import { bearer, call, GOOD_PASSWORD, registerUser } from '../helpers/account-flows.ts';
import { adminLoginWith, consentAndRun, firstAdmin } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { enrolSoftPasskey, holdsPasskey } from '../helpers/admin-factor.ts';

const SECRET = 'admins-test-secret-0123456789';
const NEW_PASSWORD = 'N3w-admin!pass';

describe('more admins', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  beforeAll(async () => {
    platform = await startTestPlatform({ ADMIN_LOGIN_SECRET: SECRET, RATE_LIMIT_IP_MAX: '10000' });
    admin = await firstAdmin(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const hasRoleEverywhere = async (account: `0x${string}`) =>
    Promise.all(
      ADMIN_ROLE_CONTRACTS.map((name) =>
        platform.ctx.chain.publicClient.readContract({
          address: platform.ctx.contracts[name],
          abi: platformSettingsAbi,
          functionName: 'hasRole',
          args: [ADMIN_ROLE, account],
        }),
      ),
    );
  const admins = (headers = admin.headers) =>
    call<
      {
        _id: string;
        email: string;
        account: string;
        status: string;
        canSignIn: boolean;
        fromUserWallet: boolean;
        addedAt: string;
      }[]
    >(platform, 'GET', '/admin/admins', undefined, headers);
  const invitationToken = async (email: string) => {
    const [mail] = await listOutboxEmails(platform.ctx.db, email);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    return { link, token: new URL(link).searchParams.get('invite') ?? '' };
  };

  it('lists the first admin with the date added', async () => {
    const answer = await admins();
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      {
        _id: admin.id,
        email: admin.email,
        account: admin.account,
        status: 'ACTIVE',
        fromUserWallet: false,
        canSignIn: true,
        addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  let invitedId = '';
  it('invites an admin by email: the role goes on chain, the mailed link sets a password and signs in', async () => {
    const email = 'second.admin@example.org';
    const run = await consentAndRun(
      platform,
      'POST',
      '/admin/admins',
      { emailOrAddress: email },
      {
        ...admin.headers,
        origin: 'http://console.example:8080',
      },
    );
    expect(run.queued.message).toBe(ADMINS_MESSAGES.invited);
    expect(run.outcome.status).toBe('COMPLETED');
    const listed = (await admins()).data.find((a) => a.email === email)!;
    expect(listed).toMatchObject({ status: 'ACTIVE', canSignIn: false, fromUserWallet: false });
    expect(run.description).toContain(
      `${listed.account.slice(0, 6)}...${listed.account.slice(-4)}`,
    );
    expect(await hasRoleEverywhere(listed.account as `0x${string}`)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    invitedId = listed._id;

    // Without a password yet, nobody signs in as them.
    expect((await adminLoginWith(platform, SECRET, { email, password: NEW_PASSWORD })).status).toBe(
      401,
    );
    const { link, token } = await invitationToken(email);
    expect(link).toMatch(
      new RegExp(`^http://console\\.example:8080/admin/login\\?invite=[\\w-]+#${SECRET}$`),
    );
    expect(await call(platform, 'POST', '/admin/invitation', { token })).toMatchObject({
      status: 200,
      data: { email },
    });
    const accept = (body: unknown, secret: string | null = SECRET) =>
      call<{ token: string; adminDetails: { _id: string; account: string } }>(
        platform,
        'POST',
        '/admin/invitation/accept',
        body,
        secret ? { [ADMIN_LOGIN_SECRET_HEADER]: secret } : {},
      );
    expect(await accept({ token, password: NEW_PASSWORD }, null)).toMatchObject({
      status: 403,
      message: ADMIN_MESSAGES.secretMissing,
    });
    expect(await accept({ token, password: 'weak' })).toMatchObject({ status: 400 });
    const accepted = await accept({ token, password: NEW_PASSWORD });
    expect(accepted).toMatchObject({
      status: 200,
      message: INVITATION_MESSAGES.accepted,
      data: { adminDetails: { _id: invitedId, account: listed.account } },
    });
    // Once only.
    expect(await accept({ token, password: NEW_PASSWORD })).toMatchObject({
      status: 404,
      message: INVITATION_MESSAGES.invalid,
    });
    expect((await call(platform, 'POST', '/admin/invitation', { token })).status).toBe(404);
    const login = await adminLoginWith(platform, SECRET, { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect((await admins(bearer(login.data.token))).status).toBe(200);
  });

  it("makes an existing user's wallet an admin: they sign in with their user password and sign with that wallet", async () => {
    const user = await registerUser(platform, { userType: 'EARNER' });
    const run = await consentAndRun(
      platform,
      'POST',
      '/admin/admins',
      { emailOrAddress: user.user.account },
      admin.headers,
    );
    expect(run.queued.message).toBe(ADMINS_MESSAGES.granted);
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await hasRoleEverywhere(user.user.account as `0x${string}`)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const login = await adminLoginWith(platform, SECRET, {
      email: user.email,
      password: GOOD_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.data.adminDetails.account).toBe(user.user.account);
    // A new admin makes no change before enrolling a second factor (decision 0064).
    expect(
      await call(
        platform,
        'PUT',
        '/admin/metakeep/claim-period',
        { days: 21 },
        bearer(login.data.token),
      ),
    ).toMatchObject({
      status: 403,
      message: SECURITY_MESSAGES.adminFactorRequired,
      data: { factorRequired: true },
    });
    const [made] = await platform.ctx.db.query<{ id: string }>(
      'SELECT id FROM admins WHERE account = $1',
      [user.user.account],
    );
    holdsPasskey(
      login.data.token,
      await enrolSoftPasskey(platform.ctx.db, { kind: 'admin', id: made!.id }),
    );
    // An admin chain action of theirs is signed by the user's wallet.
    const period = await consentAndRun(
      platform,
      'PUT',
      '/admin/metakeep/claim-period',
      { days: 21 },
      bearer(login.data.token),
    );
    expect(period.outcome.status).toBe('COMPLETED');
    const [tx] = await platform.ctx.db.query<{ wallet_address: string }>(
      'SELECT wallet_address FROM chain_transactions WHERE id = $1',
      [period.queued.data.transactionId],
    );
    expect(tx!.wallet_address.toLowerCase()).toBe(user.user.account!.toLowerCase());
    // Their user account goes on as before.
    expect((await call(platform, 'GET', '/user/me', undefined, bearer(user.token))).status).toBe(
      200,
    );
  });

  it('refuses bad, unknown and duplicate candidates with a message, asking no consent', async () => {
    const before = await platform.ctx.db.query('SELECT count(*)::int AS n FROM consents');
    const add = (emailOrAddress: unknown) =>
      call(platform, 'POST', '/admin/admins', { emailOrAddress }, admin.headers);
    expect(await add('')).toMatchObject({ status: 400, message: ADD_ADMIN_MESSAGES.required });
    expect(await add('not an email')).toMatchObject({
      status: 400,
      message: ADD_ADMIN_MESSAGES.invalid,
    });
    expect(await add('0x1234')).toMatchObject({ status: 400, message: ADD_ADMIN_MESSAGES.invalid });
    expect(await add(`0x${'5'.repeat(40)}`)).toMatchObject({
      status: 404,
      message: ADMINS_MESSAGES.noUserWallet,
    });
    expect(await add(admin.email.toUpperCase())).toMatchObject({
      status: 409,
      message: ADMINS_MESSAGES.alreadyAdmin,
    });
    expect(await add('second.admin@example.org')).toMatchObject({ status: 409 });
    expect(await platform.ctx.db.query('SELECT count(*)::int AS n FROM consents')).toEqual(before);
    const user = await registerUser(platform, { userType: 'EARNER' });
    for (const headers of [{}, bearer(user.token)]) {
      const status = (
        await call(platform, 'POST', '/admin/admins', { emailOrAddress: 'x@example.org' }, headers)
      ).status;
      expect(status).toBe(Object.keys(headers).length === 0 ? 401 : 403);
    }
  });

  it('removes another admin (revoking the role on chain and ending their sessions), never oneself', async () => {
    expect(
      await call(platform, 'DELETE', `/admin/admins/${admin.id}`, {}, admin.headers),
    ).toMatchObject({ status: 400, message: ADMINS_MESSAGES.notYourself });
    expect(
      (
        await call(
          platform,
          'DELETE',
          '/admin/admins/00000000-0000-4000-8000-000000000000',
          {},
          admin.headers,
        )
      ).status,
    ).toBe(404);

    const second = (await admins()).data.find((a) => a._id === invitedId)!;
    const session = await adminLoginWith(platform, SECRET, {
      email: second.email,
      password: NEW_PASSWORD,
    });
    const run = await consentAndRun(
      platform,
      'DELETE',
      `/admin/admins/${invitedId}`,
      {},
      admin.headers,
    );
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await hasRoleEverywhere(second.account as `0x${string}`)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect((await admins()).data.some((a) => a._id === invitedId)).toBe(false);
    expect(
      (await call(platform, 'GET', '/admin/admins', undefined, bearer(session.data.token))).status,
    ).toBe(401);
    expect(
      await adminLoginWith(platform, SECRET, { email: second.email, password: NEW_PASSWORD }),
    ).toMatchObject({
      status: 403,
      message: ADMIN_MESSAGES.removed,
    });
    // A removed admin's role is not granted back at the next start.
    const [row] = await platform.ctx.db.query<{ role_status: string }>(
      'SELECT role_status FROM admins WHERE id = $1',
      [invitedId],
    );
    expect(row!.role_status).toBe('REMOVED');
  });

  it('an admin whose removal is under way is refused at once', async () => {
    // A removal queued but not yet mined: REVOKING already stops their session.
    const user = await registerUser(platform, { userType: 'EARNER' });
    await consentAndRun(
      platform,
      'POST',
      '/admin/admins',
      { emailOrAddress: user.user.account },
      admin.headers,
    );
    const login = await adminLoginWith(platform, SECRET, {
      email: user.email,
      password: GOOD_PASSWORD,
    });
    await platform.ctx.db.query(
      `UPDATE admins SET role_status = 'REVOKING' WHERE lower(account) = lower($1)`,
      [user.user.account],
    );
    expect(
      await call(platform, 'GET', '/admin/admins', undefined, bearer(login.data.token)),
    ).toMatchObject({
      status: 403,
      message: AUTH_MESSAGES.removed,
    });
  });
});
