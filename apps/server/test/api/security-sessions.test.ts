// The sessions a person sees and ends, the mail of a sign-in from a new
// browser and its "This wasn't me" link, through the real HTTP layer and
// database (issue 45), and what of it the person's security activity lists.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  SECURITY_MESSAGES,
  type SecurityOverview,
  type SessionView,
} from '@gets/schema';
import { AUTH_MESSAGES } from '../../src/http/auth.ts';
import { createSession, hashToken, type SignInMeta } from '../../src/modules/accounts/sessions.ts';
import { passwordResetRequired } from '../../src/modules/security/sessions-service.ts';
import { NEW_SIGN_IN_SUBJECT, announceSignIn } from '../../src/modules/security/sign-in-alerts.ts';
import { adminOfUser, firstAdmin } from '../helpers/admin.ts';
import { GOOD_PASSWORD, bearer, call, latestOtp, registerUser } from '../helpers/account-flows.ts';
import { useAccountsPlatform } from '../helpers/accounts-api.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;

describe('security: sessions', () => {
  let platform: TestPlatform;
  const printed: string[] = [];
  useAccountsPlatform(printed, (started) => (platform = started));

  const get = <T>(path: string, token: string) =>
    call<T>(platform, 'GET', path, undefined, bearer(token));
  const post = <T>(path: string, body: unknown, token?: string) =>
    call<T>(platform, 'POST', path, body, token ? bearer(token) : {});
  const del = (path: string, token: string) =>
    call(platform, 'DELETE', path, undefined, bearer(token));
  const sessionsOf = (token: string) => get<SessionView[]>('/security/sessions', token);
  const userSubject = (person: { user: { _id: string } }) => ({
    kind: 'user' as const,
    id: person.user._id,
  });

  async function signIn(
    person: { user: { _id: string } },
    meta: SignInMeta,
  ): Promise<{ token: string; sessionId: string }> {
    const session = await createSession(platform.ctx.db, userSubject(person), HOUR, meta);
    await announceSignIn(platform.ctx, userSubject(person), meta);
    return session;
  }

  /** The registration's session and browser forgotten, as if the account had never signed in. */
  async function forgetRegistration(person: { user: { _id: string } }) {
    for (const table of ['sessions', 'sign_in_devices']) {
      await platform.ctx.db.query(`DELETE FROM ${table} WHERE subject_id = $1`, [person.user._id]);
    }
  }

  async function queuedMails(to: string) {
    return platform.ctx.db.query<{ subject: string; text_body: string; html_body: string | null }>(
      `SELECT subject, text_body, html_body FROM mail_queue
        WHERE lower(to_address) = lower($1) ORDER BY created_at`,
      [to],
    );
  }
  const signInMails = async (to: string) =>
    (await queuedMails(to)).filter((mail) => mail.subject === NEW_SIGN_IN_SUBJECT);
  const activityOf = async (token: string) =>
    (await get<SecurityOverview>('/security', token)).data.recentActivity;
  const notMeToken = (text: string) => /\/security\/not-me#([\w-]+)/.exec(text)?.[1];

  const laptop: SignInMeta = { userAgent: CHROME_WINDOWS, ip: '203.0.113.7', deviceId: 'laptop-1' };
  const phone: SignInMeta = {
    userAgent: SAFARI_IPHONE,
    ip: '2001:db8:7:8::42',
    deviceId: undefined,
  };

  it("lists the caller's live sessions, last used first, the caller's own marked, with the network but never the address", async () => {
    const person = await registerUser(platform);
    const onLaptop = await signIn(person, laptop);
    const onPhone = await signIn(person, phone);
    const ended = await signIn(person, laptop);
    await del(`/security/sessions/${ended.sessionId}`, onLaptop.token);
    await platform.ctx.db.query(
      `UPDATE sessions SET last_active_at = now() - CASE public_id
         WHEN $1::uuid THEN interval '3 minutes' WHEN $2::uuid THEN interval '2 hours'
         ELSE interval '1 day' END
        WHERE subject_id = $3`,
      [onLaptop.sessionId, onPhone.sessionId, person.user._id],
    );

    const answer = await sessionsOf(onPhone.token);
    expect(answer).toMatchObject({ status: 200, message: SECURITY_MESSAGES.sessions });
    // The phone's own call made it the last used.
    expect(answer.data.map((session) => session.id)).toEqual([
      onPhone.sessionId,
      onLaptop.sessionId,
      expect.any(String), // the registration's session, from before anything was known of it
    ]);
    const [phoneRow, laptopRow, registrationRow] = answer.data;
    expect(phoneRow).toMatchObject({
      browser: 'Safari 17',
      system: 'iOS 17.1',
      network: '2001:db8:7::/48',
      current: true,
    });
    expect(laptopRow).toMatchObject({
      browser: 'Chrome 120',
      system: 'Windows 10',
      network: '203.0.113.0/24',
      current: false,
    });
    expect(registrationRow).toMatchObject({
      browser: 'Unknown browser',
      system: 'Unknown system',
      current: false,
    });
    expect(new Date(laptopRow!.lastActiveAt).getTime()).toBeLessThan(Date.now() - 2 * 60_000);
    const json = JSON.stringify(answer.data);
    expect(json).not.toContain('203.0.113.7');
    expect(json).not.toContain('::42');
    expect(json).not.toContain(onPhone.token);
    expect(json).not.toContain(hashToken(onPhone.token));

    expect((await sessionsOf(onLaptop.token)).data.find((s) => s.current)?.id).toBe(
      onLaptop.sessionId,
    );
  });

  it('notes a session’s last activity at most once a minute, in the call that reads it', async () => {
    const person = await registerUser(platform);
    const { token, sessionId } = await signIn(person, laptop);
    const lastActive = async () =>
      (
        await platform.ctx.db.query<{ at: Date | string }>(
          'SELECT last_active_at AS at FROM sessions WHERE public_id = $1',
          [sessionId],
        )
      )[0]!.at;
    const moveBack = (seconds: number) =>
      platform.ctx.db.query(
        `UPDATE sessions SET last_active_at = now() - $2::int * interval '1 second' WHERE public_id = $1`,
        [sessionId, seconds],
      );

    await moveBack(30);
    const recent = new Date(await lastActive()).getTime();
    expect((await get('/user/me', token)).status).toBe(200);
    expect(new Date(await lastActive()).getTime()).toBe(recent);

    await moveBack(90);
    const stale = new Date(await lastActive()).getTime();
    expect((await get('/user/me', token)).status).toBe(200);
    const touched = new Date(await lastActive()).getTime();
    expect(touched).toBeGreaterThan(stale + 60_000);
    expect(touched).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("signs one of the caller's sessions out (closing what it holds open), and answers another's or an unknown id as not found", async () => {
    const person = await registerUser(platform);
    const stranger = await registerUser(platform);
    const here = await signIn(person, laptop);
    const there = await signIn(person, phone);
    const strangers = await signIn(stranger, laptop);
    let closed = 0;
    const stop = platform.ctx.sessionEvents.watch(hashToken(there.token), () => (closed += 1));

    for (const id of [
      strangers.sessionId,
      'not-a-session',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expect(await del(`/security/sessions/${id}`, here.token)).toMatchObject({
        status: 404,
        message: SECURITY_MESSAGES.sessionNotFound,
      });
    }
    expect((await get('/user/me', strangers.token)).status).toBe(200);

    expect(await del(`/security/sessions/${there.sessionId}`, here.token)).toMatchObject({
      status: 200,
      message: SECURITY_MESSAGES.sessionEnded,
    });
    expect(await get('/user/me', there.token)).toMatchObject({
      status: 401,
      message: AUTH_MESSAGES.invalid,
    });
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(1);
    stop();
    expect((await del(`/security/sessions/${there.sessionId}`, here.token)).status).toBe(404);
    expect((await get('/user/me', here.token)).status).toBe(200);
    expect((await sessionsOf(here.token)).data.map((s) => s.id)).not.toContain(there.sessionId);
    expect((await call(platform, 'GET', '/security/sessions')).status).toBe(401);
  });

  it('signs every other session of the caller out, and no one else’s', async () => {
    const person = await registerUser(platform);
    const stranger = await registerUser(platform);
    const here = await signIn(person, laptop);
    const others = [await signIn(person, phone), await signIn(person, laptop)];
    const strangers = await signIn(stranger, phone);

    expect(await post('/security/sessions/sign-out-others', undefined, here.token)).toMatchObject({
      status: 200,
      message: SECURITY_MESSAGES.otherSessionsEnded,
    });
    for (const other of [...others, { token: person.token }]) {
      expect((await get('/user/me', other.token)).status).toBe(401);
    }
    expect((await get('/user/me', here.token)).status).toBe(200);
    expect((await get('/user/me', strangers.token)).status).toBe(200);
    expect((await sessionsOf(here.token)).data).toEqual([
      expect.objectContaining({ id: here.sessionId, current: true }),
    ]);
  });

  it("shows an admin their own sessions, not their user's", async () => {
    const admin = await firstAdmin(platform);
    const answer = await sessionsOf(admin.token);
    expect(answer.status).toBe(200);
    expect(answer.data.filter((session) => session.current)).toHaveLength(1);
    const [row] = await platform.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions
        WHERE subject_kind = 'admin' AND subject_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [admin.id],
    );
    expect(answer.data).toHaveLength(row!.n);
  });

  it('mails a sign-in from a browser not seen before, but not the first sign-in nor a known browser', async () => {
    const person = await registerUser(platform);
    const subject = userSubject(person);
    // The registration (the test client's browser) forgotten: the next sign-in is the account's first.
    await forgetRegistration(person);

    await signIn(person, laptop);
    expect(await signInMails(person.email)).toEqual([]);
    await signIn(person, { ...laptop, ip: '198.51.100.9', userAgent: SAFARI_IPHONE });
    expect(await signInMails(person.email)).toEqual([]);

    const before = Date.now();
    await signIn(person, phone);
    const [mail, ...more] = await signInMails(person.email);
    expect(more).toEqual([]);
    expect(mail!.text_body).toContain('Browser: Safari 17');
    expect(mail!.text_body).toContain('System: iOS 17.1');
    expect(mail!.text_body).toContain('Network: 2001:db8:7::/48');
    expect(mail!.text_body).toContain(`Time: ${new Date(before).toISOString().slice(0, 10)}`);
    expect(mail!.text_body).not.toContain('::42');
    expect(mail!.html_body).toContain('This wasn&rsquo;t me');
    // The token in the fragment, which no request (nor its log) carries.
    expect(mail!.text_body).toContain(`${platform.url}/security/not-me#`);
    expect(mail!.text_body).not.toMatch(/not-me\?/);
    const token = notMeToken(mail!.text_body)!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await platform.ctx.db.query<{ token_hash: string; expires_at: Date | string }>(
      'SELECT token_hash, expires_at FROM not_me_tokens WHERE subject_id = $1',
      [subject.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    const ttl = new Date(stored[0]!.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(7 * 24 * HOUR - 60_000);
    expect(ttl).toBeLessThan(7 * 24 * HOUR + 60_000);

    const again = await signIn(person, phone);
    expect(await signInMails(person.email)).toHaveLength(1);
    // The person's security activity lists the new browser as the mail named it, and only it.
    expect(await activityOf(again.token)).toEqual([
      {
        event: 'sign-in.new-browser',
        at: expect.any(String),
        network: '2001:db8:7::/48',
        device: 'Safari 17 on iOS 17.1',
      },
    ]);
  });

  it('the very first sign-in of a new account mails nobody', async () => {
    // The registration is the account's first sign-in: it records its browser, and mails nobody.
    const person = await registerUser(platform);
    expect(await signInMails(person.email)).toEqual([]);
    await forgetRegistration(person);
    await signIn(person, phone);
    expect(await signInMails(person.email)).toEqual([]);
  });

  it('"This wasn\'t me" signs the person out everywhere, as a user and as their admin, until a new password is set by email', async () => {
    const person = await registerUser(platform);
    const admin = await adminOfUser(platform, person, 'linked');
    const own = await signIn(person, laptop);
    await signIn(person, phone);
    const [mail] = await signInMails(person.email);
    const token = notMeToken(mail!.text_body)!;
    expect(await passwordResetRequired(platform.ctx.db, userSubject(person))).toBe(false);

    for (const bad of ['x'.repeat(43), `${token}x`]) {
      expect(await post('/security/not-me', { token: bad })).toMatchObject({
        status: 400,
        message: SECURITY_MESSAGES.notMeInvalid,
      });
    }
    expect((await get('/user/me', own.token)).status).toBe(200);

    expect(await post('/security/not-me', { token })).toMatchObject({
      status: 200,
      message: SECURITY_MESSAGES.notMeDone,
    });
    for (const held of [own.token, person.token, admin.token]) {
      expect((await get('/security/sessions', held)).status).toBe(401);
    }
    expect(await passwordResetRequired(platform.ctx.db, userSubject(person))).toBe(true);
    expect(await passwordResetRequired(platform.ctx.db, { kind: 'admin', id: admin.id })).toBe(
      true,
    );
    // Once only.
    expect(await post('/security/not-me', { token })).toMatchObject({
      status: 400,
      message: SECURITY_MESSAGES.notMeInvalid,
    });

    // The reset by email lifts it.
    expect((await post('/admin-auth/reset-password/mail', { email: person.email })).status).toBe(
      200,
    );
    const otp = await latestOtp(platform, person.email);
    expect(
      await post('/admin-auth/reset-password', {
        email: person.email,
        otp,
        password: 'N3w!password',
      }),
    ).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.passwordReset });
    expect(await passwordResetRequired(platform.ctx.db, userSubject(person))).toBe(false);

    // What happened is listed for the person, newest first, with the networks it came from.
    const after = await signIn(person, laptop);
    expect(
      (await activityOf(after.token)).map(({ event, network }) => ({ event, network })),
    ).toEqual([
      { event: 'password.reset', network: '127.0.0.0/24' },
      { event: 'sessions.not-me', network: '127.0.0.0/24' },
      { event: 'sign-in.new-browser', network: '2001:db8:7::/48' },
      { event: 'sign-in.new-browser', network: '203.0.113.0/24' },
    ]);
  });

  it('"This wasn\'t me" refuses a token past its 7 days', async () => {
    const person = await registerUser(platform);
    await signIn(person, laptop);
    await signIn(person, phone);
    const [mail] = await signInMails(person.email);
    await platform.ctx.db.query(
      `UPDATE not_me_tokens SET expires_at = now() - interval '1 second' WHERE subject_id = $1`,
      [person.user._id],
    );
    expect(await post('/security/not-me', { token: notMeToken(mail!.text_body) })).toMatchObject({
      status: 400,
      message: SECURITY_MESSAGES.notMeInvalid,
    });
    expect(await passwordResetRequired(platform.ctx.db, userSubject(person))).toBe(false);
  });

  // Passes once the login service hands the request's meta to createSession
  // and announceSignIn (wired by the second-factor work of issue 45).
  it('through HTTP login: the session shows its browser, and a new browser is mailed', async () => {
    const person = await registerUser(platform);
    await forgetRegistration(person);
    const login = (userAgent: string, deviceId: string) =>
      call<{ token: string }>(
        platform,
        'POST',
        '/metakeep/auth/login',
        { email: person.email, password: GOOD_PASSWORD },
        { 'user-agent': userAgent, 'x-device-id': deviceId },
      );
    const first = await login(CHROME_WINDOWS, 'device-a');
    expect(first.status).toBe(200);
    const listed = await sessionsOf(first.data.token);
    expect(listed.data.find((session) => session.current)).toMatchObject({
      browser: 'Chrome 120',
      system: 'Windows 10',
      network: '127.0.0.0/24',
    });
    expect((await login(CHROME_WINDOWS, 'device-a')).status).toBe(200);
    expect((await login(SAFARI_IPHONE, 'device-b')).status).toBe(200);
    const mails = await signInMails(person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Browser: Safari 17');
  });
});
