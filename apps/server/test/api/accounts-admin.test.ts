// The first admin, the admin login secret, ADMIN_ROLE on the contracts, and
// admin sessions kept apart from user sessions.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { platformSettingsAbi } from '@gets/contracts';
import { ACCOUNT_MESSAGES, ADMIN_LOGIN_SECRET_HEADER, VALIDATION } from '@gets/schema';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { ADMIN_MESSAGES } from '../../src/modules/admin-auth/service.ts';
import { ADMIN_ROLE_CONTRACTS } from '../../src/modules/admin-auth/admin-roles.ts';
import { ADMIN_SPONSOR_MESSAGES } from '../../src/modules/admin/service.ts';
import { adminHoldsPasskey, adminSession } from '../helpers/admin-factor.ts';
import { bearer, call, registerUser } from '../helpers/account-flows.ts';
import { adminOfUser } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform, makeScratchDir } from '../helpers/test-platform.ts';

const ADMIN_EMAIL = 'chief@example.org';
const ADMIN_PASSWORD = 'Adm1n!password';
const SECRET = 'configured-secret-0123456789';

describe('admin accounts', () => {
  let platform: TestPlatform;
  const printed: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ADMIN_LOGIN_SECRET: SECRET,
      RATE_LIMIT_IP_MAX: '10000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
    vi.restoreAllMocks();
  });

  const adminLogin = (body: unknown, secret: string | null = SECRET) =>
    call<{ token: string; adminDetails: Record<string, unknown> }>(
      platform,
      'POST',
      '/admin/adminLogin',
      body,
      secret === null ? {} : { [ADMIN_LOGIN_SECRET_HEADER]: secret },
    );

  it('creates the configured first admin at first start and tells the login link, not the password', () => {
    // What main.ts prints in the start banner (banner.test.ts).
    expect(platform.notices).toContain(`First admin created: ${ADMIN_EMAIL}`);
    expect(platform.notices).toContain(`Admin login: ${platform.url}/admin/login#${SECRET}`);
    expect([...platform.notices, ...printed].join('\n')).not.toContain(ADMIN_PASSWORD);
  });

  it('logs the admin in with the secret, answering token and adminDetails with the periods in days', async () => {
    const answer = await adminLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.data.adminDetails).toMatchObject({
      email: ADMIN_EMAIL,
      claimPeriod: 10,
      approvalPeriod: 10,
      lockPeriod: 30,
    });
    expect(answer.data.adminDetails.account).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The admin token reaches admin calls only; a user token never does.
    const user = await registerUser(platform);
    const adminHeaders = bearer(answer.data.token);
    expect(await call(platform, 'GET', '/user/me', undefined, adminHeaders)).toMatchObject({
      status: 403,
      message: AUTH_MESSAGES.forbidden,
    });
    expect(
      await call(platform, 'POST', '/admin/logout', undefined, bearer(user.token)),
    ).toMatchObject({ status: 403, message: AUTH_MESSAGES.forbidden });

    expect(await call(platform, 'POST', '/admin/logout', undefined, adminHeaders)).toMatchObject({
      status: 200,
      message: ACCOUNT_MESSAGES.loggedOut,
    });
    expect(await call(platform, 'POST', '/admin/logout', undefined, adminHeaders)).toMatchObject({
      status: 401,
      message: AUTH_MESSAGES.invalid,
    });
  });

  it('refuses admin login without the secret, with a wrong password, and for a user account', async () => {
    const body = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    expect(await adminLogin(body, null)).toMatchObject({
      status: 403,
      message: ADMIN_MESSAGES.secretMissing,
    });
    expect(await adminLogin(body, 'wrong-secret-0000000000')).toMatchObject({ status: 403 });
    expect(await adminLogin({ ...body, password: 'Wrong!pass1' })).toMatchObject({
      status: 401,
      message: ACCOUNT_MESSAGES.invalidCredentials,
    });
    const user = await registerUser(platform);
    expect(await adminLogin({ email: user.email, password: user.password })).toMatchObject({
      status: 401,
      message: ACCOUNT_MESSAGES.invalidCredentials,
    });
    // Admin login only requires a password (spec section 5).
    expect(await adminLogin({ email: ADMIN_EMAIL, password: '' })).toMatchObject({
      status: 400,
      message: VALIDATION.password.required,
    });
    expect(await adminLogin({ email: 'nope', password: 'x' })).toMatchObject({
      status: 400,
      message: VALIDATION.email.invalid,
    });
  });

  it('a banned sponsor who is also an admin cannot sign in as admin, act as one, or lift their own ban', async () => {
    const chiefToken = (await adminLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).data
      .token;
    await adminHoldsPasskey(platform.ctx.db, ADMIN_EMAIL, chiefToken);
    const chief = bearer(chiefToken);
    const sponsor = await registerUser(platform, { userType: 'sponsor' });
    const twoHats = await adminOfUser(
      platform,
      { email: sponsor.email, user: { _id: sponsor.user._id, account: sponsor.user.account } },
      'linked',
    );
    const setBan = (isBanned: boolean, headers: Record<string, string>) =>
      call(
        platform,
        'PUT',
        '/admin/sponsors/ban-status',
        { userId: sponsor.user._id, isBanned },
        headers,
      );
    const asAdmin = { email: sponsor.email, password: sponsor.password };

    // Nobody judges their own user account, banning or pardoning.
    expect(await setBan(true, twoHats.headers)).toMatchObject({
      status: 403,
      message: ADMIN_SPONSOR_MESSAGES.ownBan,
    });
    expect((await adminLogin(asAdmin)).status).toBe(200);

    expect((await setBan(true, chief)).status).toBe(200);
    expect(await adminLogin(asAdmin)).toMatchObject({ status: 403, message: AUTH_MESSAGES.banned });
    // A session that outlived the ban (made before its revocation landed) is refused too.
    const { token } = await adminSession(platform.ctx.db, twoHats.id, 60_000);
    expect(await setBan(false, bearer(token))).toMatchObject({
      status: 403,
      message: AUTH_MESSAGES.banned,
    });
    expect((await setBan(false, chief)).status).toBe(200);
    expect((await adminLogin(asAdmin)).status).toBe(200);
  });

  it('tells the admin login page whether its fragment is the secret', async () => {
    const check = (secret: string) =>
      call<boolean>(platform, 'POST', '/admin-auth/admin-login-secret', { secret });
    expect((await check(SECRET)).data).toBe(true);
    expect((await check('guess')).data).toBe(false);
  });

  it("grants ADMIN_ROLE to the admin's wallet on settings, badges, treasure and token", async () => {
    const [admin] = await platform.ctx.db.query<{ account: `0x${string}` }>(
      'SELECT account FROM admins',
    );
    for (const name of ADMIN_ROLE_CONTRACTS) {
      const address = platform.ctx.contracts[name];
      const role = await platform.ctx.chain.publicClient.readContract({
        address,
        abi: platformSettingsAbi,
        functionName: 'ADMIN_ROLE',
      });
      const has = await platform.ctx.chain.publicClient.readContract({
        address,
        abi: platformSettingsAbi,
        functionName: 'hasRole',
        args: [role, admin!.account],
      });
      expect(has, name).toBe(true);
    }
  });
});

describe('first start without configured admin credentials', () => {
  it('generates a password and a secret, tells the password once, and a restart tells only the login link and grants nothing', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    const dataDir = await makeScratchDir('gets-admin-');
    const schema = `test_admin_${Date.now().toString(36)}`;
    const env = { LOG_LEVEL: 'silent', ANVIL_PORT: '0' };
    let platform = await startTestPlatform(env, { dataDir, schema });
    try {
      const notices = platform.notices;
      const password = /password \(shown only this once\): (\S+)$/.exec(
        notices.find((line) => line.includes('shown only this once')) ?? '',
      )?.[1];
      const secret = /\/admin\/login#(\S+)$/.exec(
        notices.find((line) => line.startsWith('Admin login:')) ?? '',
      )?.[1];
      expect(notices).toContain('First admin created: admin@gets-badges.local');
      expect(password).toBeDefined();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Nothing else printed the password (the log, say): only main.ts's start banner does.
      expect(printed.join('\n')).not.toContain(password!);

      const login = await call(
        platform,
        'POST',
        '/admin/adminLogin',
        {
          email: 'admin@gets-badges.local',
          password,
        },
        { [ADMIN_LOGIN_SECRET_HEADER]: secret! },
      );
      expect(login.status).toBe(200);

      const deployer = privateKeyToAccount(ANVIL_DEV_KEYS[0]).address;
      const nonceBefore = await platform.ctx.chain.publicClient.getTransactionCount({
        address: deployer,
      });
      await platform.stop();
      printed.length = 0;
      platform = await startTestPlatform(env, { dataDir, schema });
      // Only the login link again (the same secret), for main.ts's start box: no password.
      expect(platform.notices).toEqual([`Admin login: ${platform.url}/admin/login#${secret}`]);
      expect(printed.filter((line) => /admin/i.test(line))).toEqual([]);
      // The roles are there already: the restart sends no grant.
      expect(await platform.ctx.chain.publicClient.getTransactionCount({ address: deployer })).toBe(
        nonceBefore,
      );
      const again = await call(
        platform,
        'POST',
        '/admin/adminLogin',
        {
          email: 'admin@gets-badges.local',
          password,
        },
        { [ADMIN_LOGIN_SECRET_HEADER]: secret! },
      );
      expect(again.status).toBe(200);
      expect(
        Number(
          (await platform.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admins'))[0]!
            .n,
        ),
      ).toBe(1);
    } finally {
      spy.mockRestore();
      await platform.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (process.env.DATABASE_URL) {
        const { dropSchema } = await import('../helpers/test-platform.ts');
        await dropSchema(process.env.DATABASE_URL, schema);
      }
    }
  });
});
