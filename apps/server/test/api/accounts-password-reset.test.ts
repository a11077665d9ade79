// The password reset through the real HTTP layer, database and mail outbox:
// its code, the sessions it ends, and a reset code beside a registration code
// of the same email.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import { adminOfUser } from '../helpers/admin.ts';
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
});
