// Accounts through the real HTTP layer, database, custody and chain: the
// validation messages of spec section 5, login, logout and sessions, and the
// profile (registration: accounts-registration.test.ts; password reset:
// accounts-password-reset.test.ts).
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, VALIDATION } from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import {
  GOOD_PASSWORD,
  bearer,
  call,
  registerUser,
  uniqueEmail,
} from '../helpers/account-flows.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { accountsCalls, useAccountsPlatform } from '../helpers/accounts-api.ts';

describe('accounts API', () => {
  let platform: TestPlatform;
  const printed: string[] = [];
  useAccountsPlatform(printed, (started) => (platform = started));
  const { post } = accountsCalls(() => platform);

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
