// Registration with an email OTP, login, logout, password reset, profile and
// approval, through the real HTTP layer, database, custody and chain.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, SERVER_MESSAGES, VALIDATION } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { hashPassword } from '../../src/modules/accounts/passwords.ts';
import { insertUser } from '../../src/modules/accounts/user-repository.ts';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import { waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { adminOfUser } from '../helpers/admin.ts';
import {
  GOOD_PASSWORD,
  ageLastOtp,
  bearer,
  call,
  latestOtp,
  registerUser,
  uniqueEmail,
  type Answer,
} from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

describe('accounts API', () => {
  let platform: TestPlatform;
  const printed: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Limits are tested in accounts-limits.test.ts; here they stay out of the way.
      RATE_LIMIT_IP_MAX: '10000',
      RATE_LIMIT_ACCOUNT_MAX: '10000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
    vi.restoreAllMocks();
  });

  const post = <T = unknown>(path: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(platform, 'POST', path, body, headers);

  /** An answer to compare with one for another email: the email it repeats left out. */
  const apartFromEmail = (answer: Answer) => ({
    ...answer,
    data: { ...(answer.data as object), email: 'x' },
  });

  /**
   * An email that holds a live registration code and an account: the code was
   * asked for, then the account came about another way before it was used.
   */
  async function accountAfterRegistrationCode() {
    const email = uniqueEmail();
    await post('/admin-auth/send-verification-email', { email });
    const registrationCode = await latestOtp(platform, email);
    const id = randomUUID();
    await insertUser(platform.ctx.db, {
      id,
      email,
      passwordHash: await hashPassword(GOOD_PASSWORD),
      fullName: 'Code Holder',
      userName: `holder_${id.slice(0, 8)}`,
      userType: 'EARNER',
      status: 'APPROVED',
      emailVerified: true,
      profilePic: null,
    });
    return { email, registrationCode };
  }

  describe('registration OTP', () => {
    it('mails a 6-digit code to the outbox, prints it, and says when a resend is allowed', async () => {
      const email = uniqueEmail();
      const answer = await post('/admin-auth/send-verification-email', { email });
      expect(answer).toEqual({
        status: 200,
        message: ACCOUNT_MESSAGES.otpSent,
        data: { email, resendAfterSeconds: 30, expiresInSeconds: 600 },
      });
      const code = await latestOtp(platform, email);
      expect(code).toMatch(/^\d{6}$/);
      expect(printed).toContain(`OTP for ${email}: ${code}`);
      // Only a hash is stored.
      const [row] = await platform.ctx.db.query<{ code_hash: string }>(
        'SELECT code_hash FROM otp_codes WHERE email = $1',
        [email],
      );
      expect(row!.code_hash).not.toContain(code);
    });

    it('refuses a resend within 30 seconds, saying how long to wait; a later resend replaces the code', async () => {
      const email = uniqueEmail();
      await post('/admin-auth/send-verification-email', { email });
      const first = await latestOtp(platform, email);

      const early = await post('/admin-auth/send-verification-email', { email });
      expect(early.status).toBe(429);
      expect(early.message).toMatch(/^Please wait (29|30) seconds before requesting a new OTP$/);

      await ageLastOtp(platform, email, 25);
      const stillEarly = await post('/admin-auth/send-verification-email', { email });
      expect(stillEarly.message).toMatch(/^Please wait [45] seconds before requesting a new OTP$/);

      await ageLastOtp(platform, email, 6);
      expect((await post('/admin-auth/send-verification-email', { email })).status).toBe(200);
      const second = await latestOtp(platform, email);
      if (second !== first) {
        const old = await post('/admin-auth/verify-otp', { email, otp: first });
        expect(old.message).toBe(ACCOUNT_MESSAGES.otpInvalid);
      }
      const fresh = await post('/admin-auth/verify-otp', { email, otp: second });
      expect(fresh).toMatchObject({ status: 200, data: { email, purpose: 'REGISTER' } });
    });

    it('answers an email that has an account as it answers a new one, mailing it a note with no code instead', async () => {
      const { email: registered } = await registerUser(platform);
      await ageLastOtp(platform, registered, 31); // past the wait after the registration's code
      const fresh = uniqueEmail();
      const answers = await Promise.all(
        [registered.toUpperCase(), fresh].map((email) =>
          post('/admin-auth/send-verification-email', { email }),
        ),
      );
      const [forRegistered, forFresh] = answers.map(apartFromEmail);
      expect(forRegistered).toEqual(forFresh);
      expect(forFresh).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.otpSent });

      // One mail each: the code to the new email, a note without any code to the account's.
      const [note, ...older] = await listOutboxEmails(platform.ctx.db, registered);
      expect(note!.subject).toBe('You already have a GETS Badges account');
      expect(note!.text).toContain(`${platform.url}/login`);
      expect(note!.text).toContain(`${platform.url}/forgot-password`);
      expect(note!.text).not.toMatch(/\b\d{6}\b/);
      expect(older).toHaveLength(1); // the registration's own code, used
      expect(await listOutboxEmails(platform.ctx.db, fresh)).toHaveLength(1);

      // Guessing codes answers alike, try for try, and so does the registration itself.
      for (let i = 0; i < 2; i += 1) {
        const checks = await Promise.all(
          [registered, fresh].map((email) =>
            post('/admin-auth/verify-otp', { email, otp: '000000' }),
          ),
        );
        expect(checks[0]).toEqual(checks[1]);
      }
      const registrations = await Promise.all(
        [registered, fresh].map((email) =>
          post('/metakeep', {
            email,
            otp: '000000',
            password: GOOD_PASSWORD,
            fullName: 'Curious Person',
            userName: `curious_${email.length}`,
            userType: 'EARNER',
          }),
        ),
      );
      expect(registrations[0]).toEqual(registrations[1]);
      expect(registrations[0]!.status).toBe(400);
    });

    it('refuses the sixth try after five wrong codes, even with the right code', async () => {
      const email = uniqueEmail();
      await post('/admin-auth/send-verification-email', { email });
      const code = await latestOtp(platform, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let left = 4; left >= 0; left -= 1) {
        const answer = await post('/admin-auth/verify-otp', { email, otp: wrong });
        expect(answer).toEqual({
          status: 400,
          message: ACCOUNT_MESSAGES.otpInvalid,
          data: { attemptsLeft: left },
        });
      }
      const sixth = await post('/admin-auth/verify-otp', { email, otp: code });
      expect(sixth).toMatchObject({ status: 429, message: ACCOUNT_MESSAGES.otpTooManyAttempts });
      const register = await post('/metakeep', {
        email,
        otp: code,
        password: GOOD_PASSWORD,
        fullName: 'Late Comer',
        userName: 'late_comer',
        userType: 'EARNER',
      });
      expect(register).toMatchObject({ status: 429, message: ACCOUNT_MESSAGES.otpTooManyAttempts });
    });

    it('refuses an expired code and a code never requested', async () => {
      const email = uniqueEmail();
      await post('/admin-auth/send-verification-email', { email });
      const code = await latestOtp(platform, email);
      await platform.ctx.db.query(
        `UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE email = $1`,
        [email],
      );
      expect(await post('/admin-auth/verify-otp', { email, otp: code })).toMatchObject({
        status: 400,
        message: ACCOUNT_MESSAGES.otpExpired,
      });
      expect(
        await post('/admin-auth/verify-otp', { email: uniqueEmail(), otp: '123456' }),
      ).toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.otpMissing });
    });
  });

  describe('registration', () => {
    it('creates a pending sponsor with a custodial wallet, logs in, and registers on chain through consent', async () => {
      const email = uniqueEmail('sponsor');
      await post('/admin-auth/send-verification-email', { email });
      const otp = await latestOtp(platform, email);
      const answer = await post<{
        token: string;
        expiresAt: string;
        user: Record<string, unknown>;
        consent: { consentToken: string; description: string };
      }>('/metakeep', {
        email,
        otp,
        password: GOOD_PASSWORD,
        fullName: '  Grace Hopper ',
        userName: 'grace_h',
        userType: 'sponsor',
        profilePic: '/gs-api/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
        onChainId: '999',
      });
      expect(answer.status).toBe(201);
      expect(answer.message).toBe(ACCOUNT_MESSAGES.registered);
      const { user, token, consent } = answer.data;
      expect(user).toMatchObject({
        email,
        fullName: 'Grace Hopper',
        userName: 'grace_h',
        userType: 'SPONSOR',
        status: 'PENDING',
        isVerified: false,
        emailVerified: true,
        profilePic: '/gs-api/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
        onChainId: null,
      });
      expect(user.account).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(
        await platform.ctx.keystore.walletOf(platform.ctx.db, {
          kind: 'user',
          id: user._id as string,
        }),
      ).toBe(user.account);
      expect(consent.description).toBe('Register your wallet on the platform');

      // Logged in at once; a pending sponsor is not approved.
      const approved = await call<boolean>(
        platform,
        'GET',
        '/user/isApproved',
        undefined,
        bearer(token),
      );
      expect(approved).toMatchObject({ status: 200, data: false });

      // The same code cannot register twice.
      const replay = await post('/metakeep', {
        email,
        otp,
        password: GOOD_PASSWORD,
        fullName: 'Grace Again',
        userName: 'grace_again',
        userType: 'SPONSOR',
      });
      expect(replay).toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.otpMissing });

      const queued = await post<{ status: string; transactionId: string }>(
        '/metakeep/register-onchain',
        { consentToken: consent.consentToken },
        bearer(token),
      );
      expect(queued).toMatchObject({
        status: 200,
        message: ACCOUNT_MESSAGES.onChainQueued,
        data: { status: 'QUEUED' },
      });
      const outcome = await waitForOutcome(
        platform.request,
        { authorization: bearer(token) } as TestUser,
        queued.data.transactionId,
      );
      expect(outcome.status).toBe('COMPLETED');
      const me = await call<{ onChainId: string | null }>(
        platform,
        'GET',
        '/user/me',
        undefined,
        bearer(token),
      );
      expect(me.data.onChainId).toMatch(/^[1-9]\d*$/);

      const twice = await post('/metakeep/register-onchain', {}, bearer(token));
      expect(twice).toMatchObject({ status: 409, message: ACCOUNT_MESSAGES.alreadyOnChain });
    });

    it('approves an earner at once', async () => {
      const earner = await registerUser(platform, { userType: 'Earner' });
      expect(earner.user.status).toBe('APPROVED');
      const approved = await call<boolean>(
        platform,
        'GET',
        '/user/isApproved',
        undefined,
        bearer(earner.token),
      );
      expect(approved.data).toBe(true);
    });

    it('refuses a taken user name without using the code up', async () => {
      const first = await registerUser(platform);
      const email = uniqueEmail();
      await post('/admin-auth/send-verification-email', { email });
      const otp = await latestOtp(platform, email);
      const body = {
        email,
        otp,
        password: GOOD_PASSWORD,
        fullName: 'Second Person',
        userName: first.user.userName.toUpperCase(),
        userType: 'EARNER',
      };
      expect(await post('/metakeep', body)).toMatchObject({
        status: 409,
        message: ACCOUNT_MESSAGES.userNameTaken,
      });
      expect((await post('/metakeep', { ...body, userName: 'second_person' })).status).toBe(201);
    });

    it('answers the redirecting message to the holder of a valid code for an email that has an account meanwhile', async () => {
      const { email, registrationCode: otp } = await accountAfterRegistrationCode();
      const answer = await post('/metakeep', {
        email: email.toUpperCase(),
        otp,
        password: GOOD_PASSWORD,
        fullName: 'Copy Cat',
        userName: 'copy_cat',
        userType: 'EARNER',
      });
      expect(answer).toMatchObject({
        status: 409,
        message: SERVER_MESSAGES.emailAlreadyRegistered,
      });
    });
  });

  describe('validation messages of spec section 5', () => {
    const registerBody = {
      email: 'valid@example.org',
      otp: '123456',
      password: GOOD_PASSWORD,
      fullName: 'Valid Name',
      userName: 'valid_name',
      userType: 'EARNER',
    };

    it.each([
      [{}, VALIDATION.email.required],
      [{ email: '' }, VALIDATION.email.required],
      [{ email: '   ' }, VALIDATION.email.required],
      [{ email: 'not-an-email' }, VALIDATION.email.invalid],
      [{ email: 'a@b' }, VALIDATION.email.invalid],
      [{ email: `${'a'.repeat(65)}@example.org` }, VALIDATION.email.invalid],
      [{ email: `a@${'b'.repeat(64)}.org` }, VALIDATION.email.invalid],
      [
        { email: `${'a'.repeat(20)}@${`${'b'.repeat(60)}.`.repeat(4)}org` },
        VALIDATION.email.invalid,
      ],
    ])('email %j → %s (send OTP, forgot, login)', async (body, message) => {
      for (const path of [
        '/admin-auth/send-verification-email',
        '/admin-auth/reset-password/mail',
      ]) {
        expect(await post(path, body)).toMatchObject({ status: 400, message });
      }
      expect(await post('/metakeep/auth/login', { password: 'x', ...body })).toMatchObject({
        status: 400,
        message,
      });
    });

    it.each([
      [undefined, VALIDATION.password.required],
      ['', VALIDATION.password.required],
      ['Ab1!', VALIDATION.password.min],
      ['ABCDEFG1!', VALIDATION.password.lowercase],
      ['abcdefg1!', VALIDATION.password.uppercase],
      ['Abcdefgh!', VALIDATION.password.number],
      ['Abcdefgh1', VALIDATION.password.special],
    ])('password %j → %s (register and reset)', async (password, message) => {
      expect(await post('/metakeep', { ...registerBody, password })).toMatchObject({
        status: 400,
        message,
      });
      expect(
        await post('/admin-auth/reset-password', {
          email: 'a@example.org',
          otp: '123456',
          password,
        }),
      ).toMatchObject({ status: 400, message });
    });

    it.each([
      [{ fullName: undefined }, VALIDATION.register.fullNameRequired],
      [{ fullName: '   ' }, VALIDATION.register.fullNameRequired],
      [{ userName: '' }, VALIDATION.register.userNameRequired],
      [{ userType: undefined }, VALIDATION.register.userTypeRequired],
      [{ userType: '' }, VALIDATION.register.userTypeRequired],
      [{ userType: 'admin' }, 'User Type must be Sponsor or Earner'],
      [{ otp: '' }, VALIDATION.otp.required],
      [{ otp: undefined }, VALIDATION.otp.required],
      [{ otp: '12345' }, VALIDATION.otp.length],
      [{ otp: '12a456' }, VALIDATION.otp.length],
      [{ profilePic: 'javascript:alert(1)' }, 'Profile picture must be a URL'],
    ])('register %j → %s', async (change, message) => {
      expect(await post('/metakeep', { ...registerBody, ...change })).toMatchObject({
        status: 400,
        message,
      });
    });

    it.each([
      [{ otp: '' }, VALIDATION.otp.required],
      [{ otp: '1234567' }, VALIDATION.otp.length],
    ])('verify-otp %j → %s', async (change, message) => {
      expect(
        await post('/admin-auth/verify-otp', { email: 'a@example.org', ...change }),
      ).toMatchObject({ status: 400, message });
    });

    it('login only requires a password, without the register rules', async () => {
      expect(
        await post('/metakeep/auth/login', { email: 'a@example.org', password: '' }),
      ).toMatchObject({ status: 400, message: VALIDATION.password.required });
      expect(
        await post('/metakeep/auth/login', { email: 'a@example.org', password: 'x' }),
      ).toMatchObject({ status: 401, message: ACCOUNT_MESSAGES.invalidCredentials });
    });
  });

  describe('login and sessions', () => {
    it('logs in with the right password and answers the same for a wrong password and an unknown email', async () => {
      const person = await registerUser(platform);
      const ok = await post<{ token: string; expiresAt: string; user: { _id: string } }>(
        '/metakeep/auth/login',
        { email: person.email.toUpperCase(), password: person.password },
      );
      expect(ok).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.loggedIn });
      expect(ok.data.user._id).toBe(person.user._id);
      // SESSION_TTL_HOURS defaults to 24.
      const ttl = Date.parse(ok.data.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(23.9 * 3600_000);
      expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

      const wrong = await post('/metakeep/auth/login', {
        email: person.email,
        password: 'Wrong1!pass',
      });
      const unknown = await post('/metakeep/auth/login', {
        email: uniqueEmail(),
        password: 'Wrong1!pass',
      });
      expect(wrong).toEqual({
        status: 401,
        message: ACCOUNT_MESSAGES.invalidCredentials,
        data: null,
      });
      expect(unknown).toEqual(wrong);
    });

    it('stores passwords as argon2id with 19 MiB, t=2, p=1', async () => {
      const person = await registerUser(platform);
      const [row] = await platform.ctx.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [person.user._id],
      );
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain(person.password);
    });

    it('ends the session on logout and refuses expired tokens', async () => {
      const person = await registerUser(platform);
      const me = await call(platform, 'GET', '/user/me', undefined, bearer(person.token));
      expect(me.status).toBe(200);
      expect(await post('/user/logout', undefined, bearer(person.token))).toMatchObject({
        status: 200,
        message: ACCOUNT_MESSAGES.loggedOut,
      });
      expect(
        await call(platform, 'GET', '/user/me', undefined, bearer(person.token)),
      ).toMatchObject({
        status: 401,
        message: AUTH_MESSAGES.invalid,
      });

      const again = await post<{ token: string }>('/metakeep/auth/login', {
        email: person.email,
        password: person.password,
      });
      await platform.ctx.db.query(
        `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE subject_id = $1`,
        [person.user._id],
      );
      expect(
        await call(platform, 'GET', '/user/me', undefined, bearer(again.data.token)),
      ).toMatchObject({
        status: 401,
        message: AUTH_MESSAGES.invalid,
      });
      expect(await call(platform, 'GET', '/user/me')).toMatchObject({
        status: 401,
        message: AUTH_MESSAGES.missing,
      });
    });
  });

  describe('password reset', () => {
    it('answers an email without an account as it answers a registered one, mailing it a note with no code instead', async () => {
      const { email: registered } = await registerUser(platform);
      const unknown = uniqueEmail();
      const answers = await Promise.all(
        [registered, unknown].map((email) => post('/admin-auth/reset-password/mail', { email })),
      );
      const [forRegistered, forUnknown] = answers.map(apartFromEmail);
      expect(forUnknown).toEqual(forRegistered);
      expect(forRegistered).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.otpSent });

      const [note, ...older] = await listOutboxEmails(platform.ctx.db, unknown);
      expect(older).toEqual([]);
      expect(note!.subject).toBe('No GETS Badges account uses this email');
      expect(note!.text).toContain(`${platform.url}/register`);
      expect(note!.text).not.toMatch(/\b\d{6}\b/);
      expect((await listOutboxEmails(platform.ctx.db, registered))[0]!.subject).toBe(
        'Your GETS Badges password reset code',
      );

      // Guesses, the resend wait and the reset itself answer alike.
      const both = (path: string, body: Record<string, unknown>) =>
        Promise.all([registered, unknown].map((email) => post(path, { ...body, email })));
      for (let i = 0; i < 2; i += 1) {
        const [a, b] = await both('/admin-auth/verify-otp', { otp: '000000' });
        expect(a).toEqual(b);
      }
      const [resendA, resendB] = await both('/admin-auth/reset-password/mail', {});
      expect(resendA).toEqual(resendB);
      expect(resendA!.status).toBe(429);
      const [resetA, resetB] = await both('/admin-auth/reset-password', {
        otp: '000000',
        password: 'N3w!password',
      });
      expect(resetA).toEqual(resetB);
      expect(resetA!.status).toBe(400);
    });

    it('verifies the code without using it, then resets once, ending old sessions', async () => {
      const person = await registerUser(platform);
      expect((await post('/admin-auth/reset-password/mail', { email: person.email })).status).toBe(
        200,
      );
      const otp = await latestOtp(platform, person.email);
      for (let i = 0; i < 2; i += 1) {
        expect(await post('/admin-auth/verify-otp', { email: person.email, otp })).toMatchObject({
          status: 200,
          message: ACCOUNT_MESSAGES.otpVerified,
          data: { purpose: 'RESET' },
        });
      }
      const newPassword = 'N3w!password';
      expect(
        await post('/admin-auth/reset-password', {
          email: person.email,
          otp,
          password: newPassword,
        }),
      ).toEqual({ status: 200, message: ACCOUNT_MESSAGES.passwordReset, data: null });

      expect(
        await post('/admin-auth/reset-password', {
          email: person.email,
          otp,
          password: 'An0ther!pass',
        }),
      ).toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.otpMissing });
      expect(
        await call(platform, 'GET', '/user/me', undefined, bearer(person.token)),
      ).toMatchObject({
        status: 401,
      });
      expect(
        (await post('/metakeep/auth/login', { email: person.email, password: person.password }))
          .status,
      ).toBe(401);
      expect(
        (await post('/metakeep/auth/login', { email: person.email, password: newPassword })).status,
      ).toBe(200);
    });

    it("ends the admin sessions of the same person too, and no one else's", async () => {
      const [linked, sameEmail, bystander] = await Promise.all([
        registerUser(platform),
        registerUser(platform),
        registerUser(platform),
      ]);
      const admins = {
        linked: await adminOfUser(platform, linked, 'linked'),
        sameEmail: await adminOfUser(platform, sameEmail, 'same email'),
        bystander: await adminOfUser(platform, bystander, 'linked'),
      };
      const adminCall = (headers: Record<string, string>) =>
        call(platform, 'GET', '/admin/admins', undefined, headers);
      for (const admin of Object.values(admins))
        expect((await adminCall(admin.headers)).status).toBe(200);

      for (const person of [linked, sameEmail]) {
        await ageLastOtp(platform, person.email, 31);
        expect(
          (await post('/admin-auth/reset-password/mail', { email: person.email })).status,
        ).toBe(200);
        const otp = await latestOtp(platform, person.email);
        expect(
          (
            await post('/admin-auth/reset-password', {
              email: person.email,
              otp,
              password: 'N3w!password',
            })
          ).status,
        ).toBe(200);
      }
      expect(await adminCall(admins.linked.headers)).toMatchObject({
        status: 401,
        message: AUTH_MESSAGES.invalid,
      });
      expect((await adminCall(admins.sameEmail.headers)).status).toBe(401);
      expect((await adminCall(admins.bystander.headers)).status).toBe(200);
      expect(
        (await call(platform, 'GET', '/user/me', undefined, bearer(bystander.token))).status,
      ).toBe(200);
    });

    it('does not accept a registration code for a reset', async () => {
      const { email, registrationCode } = await accountAfterRegistrationCode();
      expect(
        await post('/admin-auth/reset-password', {
          email,
          otp: registrationCode,
          password: 'N3w!password',
        }),
      ).toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.otpMissing });
      // Nothing changed: the old password still logs in, the new one does not.
      expect(await post('/metakeep/auth/login', { email, password: GOOD_PASSWORD })).toMatchObject({
        status: 200,
      });
      expect(await post('/metakeep/auth/login', { email, password: 'N3w!password' })).toMatchObject(
        { status: 401 },
      );
    });
  });

  describe('two live codes of one email', () => {
    it("a registration code someone else asks for the owner's email does not hide the owner's reset code", async () => {
      const owner = await registerUser(platform);
      await post('/admin-auth/reset-password/mail', { email: owner.email });
      const resetCode = await latestOtp(platform, owner.email);
      // Someone asks to register the same email: a note to the owner, and a newer code nobody holds.
      await ageLastOtp(platform, owner.email, 31);
      expect(
        (await post('/admin-auth/send-verification-email', { email: owner.email })).status,
      ).toBe(200);
      const wrong = resetCode === '000000' ? '111111' : '000000';
      expect(await post('/admin-auth/verify-otp', { email: owner.email, otp: wrong })).toEqual({
        status: 400,
        message: ACCOUNT_MESSAGES.otpInvalid,
        data: { attemptsLeft: 4 },
      });
      expect(
        await post('/admin-auth/verify-otp', { email: owner.email, otp: resetCode }),
      ).toMatchObject({ status: 200, data: { purpose: 'RESET' } });
      expect(
        await post('/admin-auth/reset-password', {
          email: owner.email,
          otp: resetCode,
          password: 'N3w!password',
        }),
      ).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.passwordReset });
    });
  });

  describe('profile', () => {
    it('changes full name and picture only, and only for oneself', async () => {
      const person = await registerUser(platform);
      const other = await registerUser(platform);
      const pic = '/gs-api/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
      const updated = await post<Record<string, unknown>>(
        '/user/updateProfile',
        {
          id: person.user._id,
          fullName: 'New Name',
          profilePic: pic,
          email: 'hijack@example.org',
          userName: 'hijacked',
          userType: 'SPONSOR',
        },
        bearer(person.token),
      );
      expect(updated).toMatchObject({
        status: 200,
        message: ACCOUNT_MESSAGES.profileUpdated,
        data: {
          fullName: 'New Name',
          profilePic: pic,
          email: person.email,
          userName: person.user.userName,
          userType: 'EARNER',
        },
      });
      const me = await call(platform, 'GET', '/user/me', undefined, bearer(person.token));
      expect(me.data).toEqual(updated.data);

      expect(
        await post(
          '/user/updateProfile',
          { id: other.user._id, fullName: 'Mallory' },
          bearer(person.token),
        ),
      ).toMatchObject({ status: 403, message: ACCOUNT_MESSAGES.profileNotYours });
      expect(
        await post(
          '/user/updateProfile',
          { id: person.user._id, fullName: '' },
          bearer(person.token),
        ),
      ).toMatchObject({ status: 400, message: VALIDATION.register.fullNameRequired });
      expect(
        await post('/user/updateProfile', { id: person.user._id, fullName: 'X' }),
      ).toMatchObject({
        status: 401,
        message: AUTH_MESSAGES.missing,
      });
    });
  });
});
