// Registration with an email OTP through the real HTTP layer, database, custody
// and chain: the code, its resends and tries, and the account it opens
// (sign-in, reset and profile: accounts.test.ts, accounts-password-reset.test.ts).
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SERVER_MESSAGES } from '@gets/schema';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import { waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import {
  GOOD_PASSWORD,
  ageLastOtp,
  bearer,
  call,
  latestOtp,
  registerUser,
  uniqueEmail,
} from '../helpers/account-flows.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { accountsCalls, apartFromEmail, useAccountsPlatform } from '../helpers/accounts-api.ts';

describe('accounts API', () => {
  let platform: TestPlatform;
  const printed: string[] = [];
  useAccountsPlatform(printed, (started) => (platform = started));
  const { post, accountAfterRegistrationCode } = accountsCalls(() => platform);

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
      // In a box of its own (banner.ts), apart from the log.
      expect(printed.find((box) => box.includes(`│ OTP for ${email}: ${code} │`))).toBeDefined();
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
});
