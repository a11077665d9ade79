// With SMTP_URL set, the OTP leaves by SMTP: a real SMTP server (smtp-server,
// in this process) receives the mail, and the code in it registers the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_MESSAGES } from '@gets/schema';
import { MAIL_FAILED_MESSAGE } from '../../src/modules/accounts/otp.ts';
import { GOOD_PASSWORD, ageLastOtp, call, uniqueEmail } from '../helpers/account-flows.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('OTP mail over SMTP', () => {
  let platform: TestPlatform;
  let smtp: SMTPServer;
  const received: Received[] = [];
  let refuse = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (refuse) callback(new Error('mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    platform = await startTestPlatform({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'GETS Badges <otp@example.org>',
    });
  });
  afterAll(async () => {
    await platform?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('sends the OTP by SMTP (not to the outbox) and the mailed code registers the account', async () => {
    const email = uniqueEmail('smtp');
    const sent = await call(platform, 'POST', '/admin-auth/send-verification-email', { email });
    expect(sent).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.otpSent });

    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('otp@example.org');
    expect(mail!.raw).toMatch(/^Subject: Your GETS Badges verification code/m);
    const code = /code to verify your email is (\d{6})\./.exec(mail!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const outbox = await platform.ctx.db.query(
      'SELECT 1 FROM outbox_emails WHERE to_address = $1',
      [email],
    );
    expect(outbox).toHaveLength(0);

    const registered = await call(platform, 'POST', '/metakeep', {
      email,
      otp: code,
      password: GOOD_PASSWORD,
      fullName: 'Mail Person',
      userName: `mail_${Date.now().toString(36)}`,
      userType: 'earner',
    });
    expect(registered.status).toBe(201);
  });

  it('mails the note to an email that cannot use a code by SMTP too, before answering the same', async () => {
    const registered = uniqueEmail('smtp-known');
    const sent = await call(platform, 'POST', '/admin-auth/send-verification-email', {
      email: registered,
    });
    const code = /code to verify your email is (\d{6})\./.exec(
      received.find((m) => m.to.includes(registered))?.raw ?? '',
    )?.[1];
    expect(
      (
        await call(platform, 'POST', '/metakeep', {
          email: registered,
          otp: code,
          password: GOOD_PASSWORD,
          fullName: 'Known Person',
          userName: `known_${Date.now().toString(36)}`,
          userType: 'earner',
        })
      ).status,
    ).toBe(201);
    await ageLastOtp(platform, registered, 31);
    const unknown = uniqueEmail('smtp-unknown');
    const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));

    // Each answer comes once its mail server took the mail: the code or the note.
    const again = await call(platform, 'POST', '/admin-auth/send-verification-email', {
      email: registered,
    });
    expect(again).toEqual({ ...sent, data: { ...(sent.data as object), email: registered } });
    expect(mailsTo(registered).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual([
      'Your GETS Badges verification code',
      'You already have a GETS Badges account',
    ]);
    const reset = await call(platform, 'POST', '/admin-auth/reset-password/mail', {
      email: unknown,
    });
    expect(reset).toEqual({ ...sent, data: { ...(sent.data as object), email: unknown } });
    expect(mailsTo(unknown).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual([
      'No GETS Badges account uses this email',
    ]);

    // A refusing mail server answers both alike, too.
    refuse = true;
    try {
      await ageLastOtp(platform, registered, 31);
      for (const email of [registered, uniqueEmail('smtp-new')]) {
        expect(
          await call(platform, 'POST', '/admin-auth/send-verification-email', { email }),
        ).toMatchObject({ status: 502, message: MAIL_FAILED_MESSAGE });
      }
    } finally {
      refuse = false;
    }
  });

  it('says so when the mail server refuses, and lets the person ask again at once', async () => {
    const email = uniqueEmail('refused');
    refuse = true;
    const failed = await call(platform, 'POST', '/admin-auth/send-verification-email', { email });
    expect(failed).toMatchObject({ status: 502, message: MAIL_FAILED_MESSAGE });
    refuse = false;
    const retried = await call(platform, 'POST', '/admin-auth/send-verification-email', { email });
    expect(retried.status).toBe(200);
  });
});
