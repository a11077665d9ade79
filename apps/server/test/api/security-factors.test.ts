// Second factors through the HTTP API on the real database and chain (issue
// 45, decision 0064): a stolen password or session is not enough. An
// authenticator app's code signs in once, a recovery code once; a consent of
// a person with a factor is queued only once the factor confirms that very
// consent; a passkey signs in with no password; an admin changes nothing
// before enrolling one. The calls go as a browser without the person's
// device would send them: nothing here confirms on its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_LOGIN_SECRET_HEADER,
  RECOVERY_CODE_COUNT,
  SECURITY_MESSAGES,
  type SecondFactorRequired,
} from '@gets/schema';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { bearer, call, registerUser } from '../helpers/account-flows.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { setUpAuthenticatorApp, totpCodeOf } from '../helpers/authenticator-app.ts';
import {
  assert as signAssertion,
  register,
  softAuthenticator,
} from '../helpers/soft-authenticator.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '10000' });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

const codeOf = totpCodeOf;

/** Sets up the authenticator app for the session's person; answers the secret and recovery codes. */
async function setUpApp(headers: Record<string, string>) {
  const { secret, recoveryCodes } = await setUpAuthenticatorApp(platform, headers);
  return { secret, recoveryCodes: recoveryCodes! };
}

/** Adds a passkey through the registration calls, as the browser would. */
async function addPasskey(headers: Record<string, string>, proof: Record<string, unknown> = {}) {
  const authenticator = softAuthenticator();
  const options = await call<{ challenge: string; rp: { id: string } }>(
    platform,
    'POST',
    '/security/passkeys/options',
    proof,
    headers,
  );
  expect(options.status).toBe(200);
  const added = await call<{ recoveryCodes: string[] | null }>(
    platform,
    'POST',
    '/security/passkeys',
    { name: 'Laptop', attestation: register(authenticator, options.data, platform.url) },
    headers,
  );
  expect(added).toMatchObject({ status: 200, message: SECURITY_MESSAGES.passkeyAdded });
  return { authenticator, recoveryCodes: added.data.recoveryCodes };
}

const transfer = (to: TestUser, from: TestUser, extra: Record<string, unknown> = {}) =>
  call<{ consentToken: string; secondFactor?: SecondFactorRequired; status?: string }>(
    platform,
    'POST',
    '/token/transfer-token/metakeep',
    { to: to.address, amount: '1', email: from.email, ...extra },
    from.authorization,
  );

const queuedCount = async (owner: TestUser) =>
  (
    await platform.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chain_transactions WHERE owner_id = $1',
      [owner.id],
    )
  )[0]!.n;

describe('signing in with an authenticator app and recovery codes', () => {
  it('asks for the factor after the right password, takes a code once and a recovery code once', async () => {
    const person = await registerUser(platform, { userType: 'EARNER' });
    const { secret, recoveryCodes } = await setUpApp(bearer(person.token));
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const login = (extra: Record<string, unknown> = {}) =>
      call<{ token?: string } & Partial<SecondFactorRequired>>(
        platform,
        'POST',
        '/metakeep/auth/login',
        {
          email: person.email,
          password: person.password,
          ...extra,
        },
      );

    // The password alone: asked for the factor, no session.
    expect(await login()).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.loginSecondFactor,
      data: { secondFactorRequired: true, kinds: ['totp', 'recoveryCode'], passkey: null },
    });
    expect(
      await login({ totpCode: '000000' === (await codeOf(secret)) ? '111111' : '000000' }),
    ).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.wrongCode,
    });
    // The next step's code (the one the setup's code did not spend) signs in, once.
    const code = await codeOf(secret, 1);
    expect((await login({ totpCode: code })).status).toBe(200);
    expect(await login({ totpCode: code })).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.codeUsed,
    });
    // A recovery code, typed with its dashes or not, works once.
    const recovery = recoveryCodes[0]!;
    expect((await login({ recoveryCode: recovery.replaceAll('-', '').toUpperCase() })).status).toBe(
      200,
    );
    expect(await login({ recoveryCode: recovery })).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.wrongRecoveryCode,
    });
    // A wrong password is told as before, factor or not.
    expect((await login({ password: 'Wrong!pass1', totpCode: await codeOf(secret) })).status).toBe(
      401,
    );
  }, 60_000);

  it('asks for an existing factor before adding another: a stolen password cannot add its own', async () => {
    const person = await registerUser(platform, { userType: 'EARNER' });
    const headers = bearer(person.token);
    const { secret } = await setUpApp(headers);
    const refused = await call<SecondFactorRequired>(
      platform,
      'POST',
      '/security/passkeys/options',
      {},
      headers,
    );
    expect(refused).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.confirmSecondFactor,
      data: { secondFactorRequired: true, kinds: ['totp', 'recoveryCode'] },
    });
    const { recoveryCodes } = await addPasskey(headers, { totpCode: await codeOf(secret, 1) });
    // Not the first factor: no new recovery codes.
    expect(recoveryCodes).toBeNull();
    const overview = await call<{ passkeys: unknown[]; totp: { enabled: boolean } }>(
      platform,
      'GET',
      '/security',
      undefined,
      headers,
    );
    expect(overview.data).toMatchObject({ totp: { enabled: true }, hasSecondFactor: true });
    expect(overview.data.passkeys).toHaveLength(1);
    // Another person cannot remove it: their own passkey ids only (404 as an unknown one).
    const stranger = await registerUser(platform, { userType: 'EARNER' });
    const id = (overview.data.passkeys[0] as { id: string }).id;
    expect(
      (await call(platform, 'DELETE', `/security/passkeys/${id}`, {}, bearer(stranger.token)))
        .status,
    ).toBe(404);
  }, 60_000);
});

describe('every money move confirmed with the factor', () => {
  it('a stolen session cannot queue a transfer without the code: the consent waits, unused', async () => {
    const [owner, friend] = [
      await createTestUser(platform.ctx, { gets: '5' }),
      await createTestUser(platform.ctx),
    ];
    const { secret } = await setUpApp(owner.authorization);
    const consent = await transfer(friend, owner);
    expect(consent.status).toBe(200);
    expect(consent.data.secondFactor).toMatchObject({ kinds: ['totp'], passkey: null });
    const before = await queuedCount(owner);

    const token = consent.data.consentToken;
    expect(await transfer(friend, owner, { consentToken: token })).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.confirmSecondFactor,
      data: { secondFactorRequired: true, kinds: ['totp'] },
    });
    expect(
      await transfer(friend, owner, { consentToken: token, totpCode: '123456' }),
    ).toMatchObject({
      status: 401,
    });
    expect(await queuedCount(owner)).toBe(before);
    // The person's own code: queued, once.
    const queued = await transfer(friend, owner, {
      consentToken: token,
      totpCode: await codeOf(secret, 1),
    });
    expect(queued).toMatchObject({ status: 200, data: { status: 'QUEUED' } });
    expect(await queuedCount(owner)).toBe(before + 1);
  }, 60_000);

  it("a passkey's assertion for one consent cannot confirm another", async () => {
    const [owner, friend] = [
      await createTestUser(platform.ctx, { gets: '5' }),
      await createTestUser(platform.ctx),
    ];
    const { authenticator } = await addPasskey(owner.authorization);
    const first = (await transfer(friend, owner)).data;
    const second = (await transfer(friend, owner, { amount: '2' })).data;
    expect(first.secondFactor?.passkey?.challenge).toBeTruthy();
    expect(first.secondFactor!.passkey!.challenge).not.toBe(
      second.secondFactor!.passkey!.challenge,
    );
    const forFirst = signAssertion(
      authenticator,
      first.secondFactor!.passkey as never,
      platform.url,
    );

    expect(
      await transfer(friend, owner, {
        amount: '2',
        consentToken: second.consentToken,
        webauthn: forFirst,
      }),
    ).toMatchObject({ status: 401, message: SECURITY_MESSAGES.passkeyFailed });
    expect(
      await transfer(friend, owner, { consentToken: first.consentToken, webauthn: forFirst }),
    ).toMatchObject({ status: 200, data: { status: 'QUEUED' } });
  }, 60_000);

  it('leaves the consent of a person without a factor exactly as it was', async () => {
    const [owner, friend] = [
      await createTestUser(platform.ctx, { gets: '5' }),
      await createTestUser(platform.ctx),
    ];
    const consent = await transfer(friend, owner);
    expect(consent.data.secondFactor).toBeUndefined();
    expect(
      await transfer(friend, owner, { consentToken: consent.data.consentToken }),
    ).toMatchObject({
      status: 200,
      data: { status: 'QUEUED' },
    });
  }, 60_000);
});

describe('a passkey signs in with no password', () => {
  it('signs in the passkey holder on a challenge of the options call, once', async () => {
    const person = await registerUser(platform, { userType: 'EARNER' });
    const { authenticator } = await addPasskey(bearer(person.token));
    const options = await call<{ challenge: string; rpId: string }>(
      platform,
      'POST',
      '/metakeep/auth/passkey/options',
      {},
    );
    expect(options.status).toBe(200);
    const assertion = signAssertion(authenticator, options.data, platform.url);
    const login = await call<{ token: string; user: { email: string } }>(
      platform,
      'POST',
      '/metakeep/auth/passkey/login',
      { webauthn: assertion },
    );
    expect(login).toMatchObject({ status: 200, data: { user: { email: person.email } } });
    // The challenge was spent: the same assertion again signs nobody in.
    expect(
      (await call(platform, 'POST', '/metakeep/auth/passkey/login', { webauthn: assertion }))
        .status,
    ).toBe(401);
    // A passkey this platform never registered signs nobody in.
    const fresh = await call<{ challenge: string }>(
      platform,
      'POST',
      '/metakeep/auth/passkey/options',
      {},
    );
    expect(
      await call(platform, 'POST', '/metakeep/auth/passkey/login', {
        webauthn: signAssertion(softAuthenticator(), fresh.data, platform.url),
      }),
    ).toMatchObject({ status: 401, message: SECURITY_MESSAGES.passkeyFailed });
  }, 60_000);
});

describe('admins must have a factor', () => {
  it('refuses every change of an admin without one, and leads to the enrolment', async () => {
    const [admin] = await platform.ctx.db.query<{ id: string }>('SELECT id FROM admins LIMIT 1');
    const { token } = await createSession(
      platform.ctx.db,
      { kind: 'admin', id: admin!.id },
      60_000,
    );
    const headers = bearer(token);
    expect(
      await call(platform, 'PUT', '/admin/metakeep/claim-period', { days: 21 }, headers),
    ).toMatchObject({
      status: 403,
      message: SECURITY_MESSAGES.adminFactorRequired,
      data: { factorRequired: true },
    });
    // Reads go on, and the security page says what to do.
    expect(await call(platform, 'GET', '/security', undefined, headers)).toMatchObject({
      status: 200,
      data: { hasSecondFactor: false, factorRequired: true, walletExport: { allowed: false } },
    });
    // Enrolling is allowed; then the change is, confirmed with the factor.
    const { secret, recoveryCodes } = await setUpApp(headers);
    const consent = await call<{ consentToken: string }>(
      platform,
      'PUT',
      '/admin/metakeep/claim-period',
      { days: 21 },
      headers,
    );
    expect(consent.status).toBe(200);
    expect(
      await call(
        platform,
        'PUT',
        '/admin/metakeep/claim-period',
        { days: 21, consentToken: consent.data.consentToken, totpCode: await codeOf(secret, 1) },
        headers,
      ),
    ).toMatchObject({ status: 200, data: { status: 'QUEUED' } });
    // An admin keeps at least one factor.
    expect(
      await call(platform, 'DELETE', '/security/totp', { recoveryCode: recoveryCodes[0] }, headers),
    ).toMatchObject({ status: 409, message: SECURITY_MESSAGES.lastFactor });
  }, 60_000);
});

describe('ADMIN_TOTP_SECRET', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const LOGIN_SECRET = 'provisioned-login-secret-0123456789';
  let provisioned: TestPlatform;
  const printed: string[] = [];
  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    provisioned = await startTestPlatform({
      ADMIN_EMAIL: 'ops@example.org',
      ADMIN_PASSWORD: 'Provisioned!pass1',
      ADMIN_LOGIN_SECRET: LOGIN_SECRET,
      ADMIN_TOTP_SECRET: SECRET.toLowerCase(),
    });
  }, 120_000);
  afterAll(async () => {
    await provisioned?.stop();
    vi.restoreAllMocks();
  });

  it("enrols the first admin's authenticator app at the first start, never printing it", async () => {
    const login = (extra: Record<string, unknown> = {}) =>
      call(
        provisioned,
        'POST',
        '/admin/adminLogin',
        { email: 'ops@example.org', password: 'Provisioned!pass1', ...extra },
        { [ADMIN_LOGIN_SECRET_HEADER]: LOGIN_SECRET },
      );
    expect(await login()).toMatchObject({
      status: 401,
      data: { secondFactorRequired: true, kinds: ['totp'] },
    });
    expect((await login({ totpCode: await codeOf(SECRET) })).status).toBe(200);
    expect([...provisioned.notices, ...printed].join('\n')).not.toContain(SECRET);
  }, 60_000);
});
