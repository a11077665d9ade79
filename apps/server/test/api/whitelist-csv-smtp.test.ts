// Invitation mails of a whitelist CSV as a real SMTP server (smtp-server, in
// this process) receives them: a sponsor's name and a badge's name holding
// markup and a forged header line reach only the body (escaped in HTML, one
// line of text), never a header or a recipient; the subject is fixed; the
// unsubscribe link is a List-Unsubscribe header too and works. A refusal of
// the mail server, for now or for good, shows the sponsor a status in words:
// its own answer is in no API answer, only in the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { WHITELIST_CSV_MESSAGES as CSV, type Badge, type WhitelistInvitation } from '@gets/schema';
import { deliverQueuedMails } from '../../src/mail/mail-delivery.ts';
import { INVITATION_SUBJECT } from '../../src/modules/applications/invitation-mail.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, type Caller } from '../helpers/badges.ts';
import { publishApprovedBadge } from '../helpers/applications.ts';
import { readMail, type ReadMail } from '../helpers/mail-message.ts';

interface Received {
  to: string[];
  mail: ReadMail;
}

/** What the refusing server says: words no sponsor may ever read. */
const SECRET = 'SECRET-SERVER-DETAIL relay.internal.example 10.1.2.3';
const EVIL_NAME = 'Evil <script>alert(1)</script>\r\nBcc: bcc@evil.test';
const EVIL_BADGE = '<script>b()</script>\r\nBcc: bcc@evil.test';

describe('invitation mails over SMTP', () => {
  let platform: TestPlatform;
  let smtp: SMTPServer;
  let sponsor: TestUser;
  let admin: Caller;
  let badge: Badge;
  const received: Received[] = [];
  /** Addresses the server refuses, with the SMTP code it answers. */
  const refusals = new Map<string, number>();
  const request = (path: string, init?: RequestInit) => platform.request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);
  /** The raw text of an answer, as the sponsor's browser gets it. */
  const rawAnswer = async (method: string, path: string, body?: unknown) =>
    (
      await request(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...sponsor.authorization,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    ).text();
  const invite = (email: string) =>
    as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: email,
    });
  const invitationsPath = () => `/gs-api/badge/whitelist/invitations?badgeId=${badge._id}`;
  const invitee = async (email: string) =>
    ((await as(sponsor, 'GET', invitationsPath())).data as WhitelistInvitation[]).find(
      (invitation) => invitation.email === email,
    );
  const failureOf = async (email: string) =>
    (
      await platform.ctx.db.query<{ last_failure: string | null; given_up_at: Date | null }>(
        'SELECT last_failure, given_up_at FROM mail_queue WHERE to_address = $1',
        [email],
      )
    )[0];
  const eventually = <T>(check: () => Promise<T>) =>
    vi.waitFor(check, { timeout: 15_000, interval: 100 });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const code = refusals.get(address.address);
        if (code) callback(Object.assign(new Error(`${SECRET} says no`), { responseCode: code }));
        else callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail: readMail(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    platform = await startTestPlatform({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'GETS Badges <invitations@example.org>',
    });
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    admin = await adminCaller(platform.ctx);
    // The sponsor's own words: a name and a badge name with markup and a forged header.
    expect(
      await as(sponsor, 'POST', '/gs-api/user/updateProfile', {
        id: sponsor.id,
        fullName: EVIL_NAME,
        profilePic: '',
      }),
    ).toMatchObject({ status: 200 });
    badge = await publishApprovedBadge(request, sponsor, admin, {
      name: EVIL_BADGE,
      badgeAccess: 'private',
    });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it("puts the sponsor's words only in the body, escaped, under a fixed subject, to the invitee alone", async () => {
    expect(badge.name).toBe(EVIL_BADGE);
    expect(await invite('invitee@example.net')).toMatchObject({
      status: 200,
      data: { invited: 1 },
    });
    const { to, mail } = await eventually(async () => {
      const delivered = received.find((r) => r.to.includes('invitee@example.net'));
      expect(delivered).toBeDefined();
      return delivered!;
    });
    // One recipient, and no mail to the address the forged line names.
    expect(to).toEqual(['invitee@example.net']);
    expect(received.filter((r) => r.to.some((address) => address.includes('evil')))).toEqual([]);

    expect(mail.header('Subject')).toBe(INVITATION_SUBJECT);
    expect(mail.head).not.toMatch(/script|evil|^bcc:/im);
    expect(mail.headers('Bcc')).toEqual([]);

    expect(mail.html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; Bcc: bcc@evil.test');
    expect(mail.html).toContain('&lt;script&gt;b()&lt;/script&gt; Bcc: bcc@evil.test');
    expect(mail.html).not.toMatch(/<script/i);
    // The text part is plain text: the words as typed, on the one line they were put on.
    const lines = mail.text.split(/\r?\n/);
    expect(lines[0]).toBe(
      'Evil <script>alert(1)</script> Bcc: bcc@evil.test invites you to apply for the private badge "<script>b()</script> Bcc: bcc@evil.test" on GETS Badges.',
    );
    expect(lines.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  });

  it('carries its unsubscribe link as List-Unsubscribe, and the link unsubscribes the address', async () => {
    const { mail } = received.find((r) => r.to.includes('invitee@example.net'))!;
    const header = mail.header('List-Unsubscribe');
    expect(header).toMatch(/^<http:\/\/[^>]+\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    const link = header.slice(1, -1);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get('token');
    expect(
      await as(null, 'POST', '/gs-api/badge/whitelist/invitations/unsubscribe', { token }),
    ).toEqual({ status: 200, message: CSV.unsubscribeDone, data: null });
    expect(
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv/preview', {
        badgeOnChainId: badge.onChainId,
        csv: 'invitee@example.net',
      }),
    ).toMatchObject({ data: { rows: [{ kind: 'unsubscribed' }] } });
  });

  it('shows no answer of the mail server to the sponsor, for good or for now, and logs it', async () => {
    refusals.set('bounce@example.net', 550);
    refusals.set('busy@example.net', 421);
    const answers = [
      await rawAnswer('POST', '/gs-api/badge/whitelist/csv', {
        badgeOnChainId: badge.onChainId,
        csv: 'bounce@example.net\nbusy@example.net',
      }),
    ];
    await eventually(async () => {
      expect((await failureOf('bounce@example.net'))?.given_up_at).toBeInstanceOf(Date);
      expect((await failureOf('busy@example.net'))?.last_failure).toBe('DEFERRED');
    });
    expect(await failureOf('bounce@example.net')).toMatchObject({ last_failure: 'REFUSED' });
    answers.push(await rawAnswer('GET', invitationsPath()));
    expect(await invitee('bounce@example.net')).toMatchObject({
      delivery: 'NOT_DELIVERED',
      deliveryNote: CSV.deliveryRefused,
    });
    expect(await invitee('busy@example.net')).toMatchObject({
      delivery: 'SENDING',
      deliveryNote: CSV.deliveryRetrying,
    });
    // Sent again: refused again, and still nothing of the server's words.
    answers.push(
      await rawAnswer('POST', '/gs-api/badge/whitelist/invitations/resend', {
        badgeId: badge._id,
        email: 'bounce@example.net',
      }),
    );
    await eventually(async () =>
      expect((await failureOf('bounce@example.net'))?.given_up_at).toBeInstanceOf(Date),
    );
    answers.push(await rawAnswer('GET', invitationsPath()));
    for (const answer of answers) {
      expect(answer).not.toMatch(/SECRET|relay\.internal|10\.1\.2\.3|says no|\b550\b|\b421\b/);
    }
    // The operator finds the server's answer in the log of the delivery job.
    const logged: unknown[] = [];
    await deliverQueuedMails(
      {
        db: platform.ctx.db,
        mailer: platform.ctx.mailer,
        log: { error: (obj) => logged.push(obj) },
      },
      () => new Date(Date.now() + 3_600_000),
    );
    expect(JSON.stringify(logged.map((entry) => String((entry as { err: Error }).err)))).toContain(
      SECRET,
    );
  });
});
