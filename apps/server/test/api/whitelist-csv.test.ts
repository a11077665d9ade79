// Whitelisting from a CSV file on a private badge, through the HTTP API on the
// real database and chain: the preview gives every row its kind (ready,
// unknown, duplicate in the file or whitelisted already, invalid, the
// sponsor's own), with or without a header, and refuses a file too long;
// confirming whitelists every ready earner in one consent (then they can
// apply), invites each unknown email once (the worker delivers the mail, later
// if the mail server refuses it for now), lists the invitees with how their
// mail went, prunes sent mails after a month, sends one not delivered again
// and withdraws one on the sponsor's word, and a consent
// too large for one block is queued as several chain transactions.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { badgeEscrowAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  WHITELIST_CSV_MAX_ROWS,
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { requestConsent, submitConsent } from '../../src/custody/consent.ts';
import {
  deliverQueuedMails,
  pruneOldMails,
  SENT_MAIL_KEPT_MS,
} from '../../src/mail/mail-delivery.ts';
import { WHITELIST_EARNERS_PER_TRANSACTION } from '../../src/modules/applications/actions.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, runAction, type Caller } from '../helpers/badges.ts';
import { applyFor, publishApprovedBadge } from '../helpers/applications.ts';

describe('whitelist from a CSV file', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let otherSponsor: TestUser;
  let badge: Badge;
  const request = (path: string, init?: RequestInit) => platform.request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);
  const preview = (csv: string) =>
    as(sponsor, 'POST', '/gs-api/badge/whitelist/csv/preview', {
      badgeOnChainId: badge.onChainId,
      csv,
    });
  const isWhitelisted = (address: `0x${string}`) =>
    platform.ctx.chain.publicClient.readContract({
      address: platform.ctx.contracts.badges,
      abi: badgeEscrowAbi,
      functionName: 'isWhitelisted',
      args: [BigInt(badge.onChainId!), address],
    });
  const mailsTo = async (email: string) =>
    platform.ctx.db.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM outbox_emails WHERE lower(to_address) = lower($1)',
      [email],
    );
  /** Runs `check` until it passes: what the worker does comes a moment after the request. */
  const eventually = <T>(check: () => Promise<T>) =>
    vi.waitFor(check, { timeout: 15_000, interval: 100 });
  /** The mails to this address the worker delivered, once it has delivered one. */
  const deliveredTo = (email: string) =>
    eventually(async () => {
      const mails = await mailsTo(email);
      expect(mails.length).toBeGreaterThan(0);
      return mails;
    });
  const queuedTo = (email: string) =>
    platform.ctx.db.query<{
      attempts: number;
      last_error: string | null;
      sent_at: Date | null;
      given_up_at: Date | null;
    }>(
      `SELECT attempts, last_error, sent_at, given_up_at FROM mail_queue
        WHERE lower(to_address) = lower($1)`,
      [email],
    );
  /** The platform's mailer, refusing mail to `email` with this SMTP answer code while `run` runs. */
  async function refusingMailTo<T>(email: string, responseCode: number, run: () => Promise<T>) {
    const { mailer } = platform.ctx;
    const send = mailer.send;
    mailer.send = async (message, via) => {
      if (message.to !== email) return send.call(mailer, message, via);
      throw Object.assign(new Error(`${responseCode} mailbox unavailable`), { responseCode });
    };
    try {
      return await run();
    } finally {
      mailer.send = send;
    }
  }
  /** The badge's invitee with this email, as the sponsor's Applications page reads them. */
  const invitee = async (email: string) => {
    const answer = await as(
      sponsor,
      'GET',
      `/gs-api/badge/whitelist/invitations?badgeId=${badge._id}`,
    );
    return (answer.data as WhitelistInvitation[]).find((invitation) => invitation.email === email);
  };
  /** Confirms a file of one unknown email: the body, to send again, once it is invited. */
  const inviteAlone = async (email: string) => {
    const body = { badgeOnChainId: badge.onChainId, csv: email };
    expect(await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 200,
      data: { invited: 1 },
    });
    return body;
  };
  /** Delivers what is due `ms` from now, as the worker would then. */
  const deliverLater = (ms: number) =>
    deliverQueuedMails(
      { db: platform.ctx.db, mailer: platform.ctx.mailer, log: { error: () => undefined } },
      () => new Date(Date.now() + ms),
    );

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' });
    otherSponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    admin = await adminCaller(platform.ctx);
    [ada, bob, cy] = [
      await createTestUser(platform.ctx),
      await createTestUser(platform.ctx),
      await createTestUser(platform.ctx),
    ];
    badge = await publishApprovedBadge(request, sponsor, admin, {
      name: 'Invitation Only',
      badgeAccess: 'private',
    });
    // Cy is whitelisted already, the single way.
    const single = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
      earnerAccount: cy.address,
      badgeOnChainId: badge.onChainId,
      email: sponsor.email,
    });
    expect(single.outcome.status).toBe('COMPLETED');
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('gives every row its kind and the counts, with a header', async () => {
    const answer = await preview(
      [
        'email',
        ada.email, // ready
        bob.address.toLowerCase(), // ready, by wallet
        'newcomer@example.net', // unknown
        ada.address, // duplicate: Ada again, by wallet
        cy.email, // duplicate: whitelisted already
        'not-an-email', // invalid
        sponsor.address, // invalid: own wallet
        otherSponsor.email, // invalid: not an earner
      ].join('\n'),
    );
    expect(answer.status).toBe(200);
    const data = answer.data as WhitelistCsvPreview;
    expect(data.hasHeader).toBe(true);
    expect(data.rows.map((r) => [r.line, r.kind, r.reason])).toEqual([
      [2, 'ready', CSV.ready],
      [3, 'ready', CSV.ready],
      [4, 'unknown', CSV.unknown],
      [5, 'duplicate', CSV.duplicateInFile],
      [6, 'duplicate', CSV.alreadyWhitelisted],
      [7, 'invalid', CSV.notEmailOrAddress],
      [8, 'invalid', CSV.ownWallet],
      [9, 'invalid', CSV.notAnEarner],
    ]);
    expect(data.rows[0]).toMatchObject({ account: ada.address, fullName: 'Test User' });
    expect(data.counts).toEqual({ ready: 2, unknown: 1, duplicate: 2, invalid: 3 });
  });

  it('reads a file without a header, with more columns, quoted and with blank lines', async () => {
    const answer = await preview(`"${ada.email}",Ada\r\n\r\n${bob.address},Bob\r\n`);
    const data = answer.data as WhitelistCsvPreview;
    expect(data.hasHeader).toBe(false);
    expect(data.rows.map((r) => [r.line, r.value, r.kind])).toEqual([
      [1, ada.email, 'ready'],
      [3, bob.address, 'ready'],
    ]);
  });

  it(`refuses a file of more than ${WHITELIST_CSV_MAX_ROWS} rows, an empty one, a public badge and another sponsor`, async () => {
    const rows = Array.from({ length: WHITELIST_CSV_MAX_ROWS + 1 }, (_, i) => `e${i}@example.net`);
    expect(await preview(rows.join('\n'))).toMatchObject({ status: 400, message: CSV.tooManyRows });
    expect(await preview('email\n')).toMatchObject({ status: 400, message: CSV.empty });
    const publicBadge = await publishApprovedBadge(request, sponsor, admin, { name: 'Open' });
    expect(
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv/preview', {
        badgeOnChainId: publicBadge.onChainId,
        csv: ada.email,
      }),
    ).toMatchObject({ status: 409, message: M.publicBadge });
    expect(
      await as(otherSponsor, 'POST', '/gs-api/badge/whitelist/csv/preview', {
        badgeOnChainId: badge.onChainId,
        csv: ada.email,
      }),
    ).toMatchObject({ status: 403, message: M.notYourBadge });
  }, 60_000);

  it('whitelists the ready earners in one consent, invites the unknown email once, and they can apply', async () => {
    const csv = ['email', ada.email, bob.address, 'newcomer@example.net', cy.email].join('\n');
    const body = { badgeOnChainId: badge.onChainId, csv };
    const run = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist/csv', body);
    expect(run.consent.description).toBe(
      `Whitelist 2 earners for your private badge "Invitation Only" (GETS ${badge.onChainId}), so they can apply for it`,
    );
    expect(run.outcome.status).toBe('COMPLETED');
    expect(run.outcome.events.filter((e) => e.eventName === 'EarnerWhitelisted')).toHaveLength(2);
    expect(await isWhitelisted(ada.address)).toBe(true);
    expect(await isWhitelisted(bob.address)).toBe(true);

    const mails = await deliveredTo('newcomer@example.net');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Test User invites you to earn "Invitation Only" on GETS Badges',
    );
    expect(mails[0]!.text_body).toContain(
      `/register?next=${encodeURIComponent(`/badge/${badge._id}`)}`,
    );

    const { application } = await applyFor(request, ada, badge, { fullName: 'Ada Lovelace' });
    expect(application.status).toBe('APPLIED');

    // The same file again: nothing left to whitelist, nobody new to invite.
    const again = await preview(csv);
    expect((again.data as WhitelistCsvPreview).counts).toEqual({
      ready: 0,
      unknown: 1,
      duplicate: 3,
      invalid: 0,
    });
    expect((again.data as WhitelistCsvPreview).rows[2]!.reason).toBe(CSV.invited);
    expect(await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 409,
      message: CSV.nothingToDo,
    });
    expect(await queuedTo('newcomer@example.net')).toHaveLength(1);
  }, 60_000);

  it('lists invitees; once one registers, one more consent whitelists them', async () => {
    const invitations = () =>
      as(sponsor, 'GET', `/gs-api/badge/whitelist/invitations?badgeId=${badge._id}`);
    expect((await invitations()).data).toEqual([
      expect.objectContaining({ email: 'newcomer@example.net', registered: false }),
    ]);
    // Only unknown emails: invitations without consent.
    const invitedOnly = await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: 'later@example.net',
    });
    expect(invitedOnly).toMatchObject({
      status: 200,
      message: CSV.invitationsSent,
      data: { invited: 1 },
    });

    const newcomer = await createTestUser(platform.ctx, { email: 'newcomer@example.net' });
    expect((await invitations()).data).toEqual([
      expect.objectContaining({ email: 'later@example.net', registered: false }),
      expect.objectContaining({ email: 'newcomer@example.net', registered: true }),
    ]);
    const run = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: 'newcomer@example.net',
    });
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await isWhitelisted(newcomer.address)).toBe(true);
    expect((await invitations()).data).toEqual([
      expect.objectContaining({ email: 'later@example.net' }),
    ]);
  }, 60_000);

  it('answers without waiting for the mail server, and delivers a mail it refused for now when it takes mail again', async () => {
    const body = await refusingMailTo('unlucky@example.net', 421, async () => {
      const sent = await inviteAlone('unlucky@example.net');
      // The worker tried, was refused, and keeps the mail for later.
      await eventually(async () =>
        expect(await queuedTo('unlucky@example.net')).toEqual([
          { attempts: 1, last_error: '421 mailbox unavailable', sent_at: null, given_up_at: null },
        ]),
      );
      return sent;
    });
    // The sponsor sees it is still being sent, and why it has not gone yet.
    expect(await invitee('unlucky@example.net')).toMatchObject({
      delivery: 'SENDING',
      deliveryError: '421 mailbox unavailable',
    });
    expect(await mailsTo('unlucky@example.net')).toHaveLength(0);
    // The invitation stands: the same file again invites nobody twice.
    expect(await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 409,
      message: CSV.nothingToDo,
    });
    // Once the retry is due, the mail goes out, once.
    expect(await deliverLater(60_000)).toBeGreaterThanOrEqual(1);
    expect(await mailsTo('unlucky@example.net')).toHaveLength(1);
    expect((await queuedTo('unlucky@example.net'))[0]).toMatchObject({ attempts: 2 });
    expect(await invitee('unlucky@example.net')).toMatchObject({
      delivery: 'SENT',
      deliveryError: null,
    });
    await deliverLater(86_400_000);
    expect(await mailsTo('unlucky@example.net')).toHaveLength(1);
  });

  it('gives up a mail the server refuses for good, and tries it no more', async () => {
    await refusingMailTo('nobody@example.net', 550, async () => {
      await inviteAlone('nobody@example.net');
      await eventually(async () =>
        expect((await queuedTo('nobody@example.net'))[0]?.given_up_at).toBeInstanceOf(Date),
      );
    });
    await deliverLater(86_400_000);
    expect(await queuedTo('nobody@example.net')).toEqual([
      expect.objectContaining({ attempts: 1, sent_at: null }),
    ]);
    expect(await mailsTo('nobody@example.net')).toHaveLength(0);
    expect(await invitee('nobody@example.net')).toMatchObject({
      delivery: 'NOT_DELIVERED',
      deliveryError: '550 mailbox unavailable',
      registered: false,
    });
  });

  it("deletes sent mails and the outbox's copies a month after they went, keeping the ones given up; their invitations still read as sent", async () => {
    const sent = await invitee('unlucky@example.net');
    expect(sent?.delivery).toBe('SENT');
    const monthLater = () => new Date(Date.now() + SENT_MAIL_KEPT_MS + 60_000);
    expect(await mailsTo('unlucky@example.net')).toHaveLength(1);
    const pruned = await pruneOldMails(platform.ctx.db, monthLater);
    expect(pruned.queued).toBeGreaterThanOrEqual(1);
    expect(await queuedTo('unlucky@example.net')).toEqual([]);
    // The embedded outbox (no SMTP_URL) keeps its copy as long, no longer.
    expect(pruned.outbox).toBeGreaterThanOrEqual(1);
    expect(await mailsTo('unlucky@example.net')).toEqual([]);
    expect(await invitee('unlucky@example.net')).toMatchObject({ delivery: 'SENT' });
    expect(await queuedTo('nobody@example.net')).toHaveLength(1);
    expect(await invitee('nobody@example.net')).toMatchObject({ delivery: 'NOT_DELIVERED' });
    // Nothing sent within the month goes.
    await inviteAlone('fresh@example.net');
    await deliveredTo('fresh@example.net');
    await eventually(async () =>
      expect((await queuedTo('fresh@example.net'))[0]?.sent_at).toBeInstanceOf(Date),
    );
    expect(await pruneOldMails(platform.ctx.db)).toEqual({ queued: 0, outbox: 0 });
    expect(await queuedTo('fresh@example.net')).toHaveLength(1);
  });

  it('sends an invitation that was not delivered again, once, and no other', async () => {
    const resend = (caller: Caller, email: string) =>
      as(caller, 'POST', '/gs-api/badge/whitelist/invitations/resend', {
        badgeId: badge._id,
        email,
      });
    expect(await invitee('nobody@example.net')).toMatchObject({ delivery: 'NOT_DELIVERED' });
    expect(await resend(otherSponsor, 'nobody@example.net')).toMatchObject({
      status: 403,
      message: M.notYourBadge,
    });
    // The address as the sponsor types it: its case does not matter.
    expect(await resend(sponsor, 'Nobody@Example.NET')).toMatchObject({
      status: 200,
      message: CSV.invitationSentAgain,
      data: { email: 'nobody@example.net', delivery: 'SENDING', deliveryError: null },
    });
    // A second click while it is being sent (or once sent) queues nothing more.
    expect(await resend(sponsor, 'nobody@example.net')).toMatchObject({
      status: 409,
      message: CSV.invitationNotRefused,
    });
    expect(await deliveredTo('nobody@example.net')).toHaveLength(1);
    await eventually(async () =>
      expect(await invitee('nobody@example.net')).toMatchObject({
        delivery: 'SENT',
        deliveryError: null,
      }),
    );
    expect(await queuedTo('nobody@example.net')).toEqual([
      expect.objectContaining({ attempts: 1, last_error: null, given_up_at: null }),
    ]);
    expect(await resend(sponsor, 'nobody@example.net')).toMatchObject({
      status: 409,
      message: CSV.invitationNotRefused,
    });
    expect(await mailsTo('nobody@example.net')).toHaveLength(1);

    expect(await resend(sponsor, 'stranger@example.net')).toMatchObject({
      status: 404,
      message: CSV.noSuchInvitation,
    });
    await inviteAlone('joiner@example.net');
    await createTestUser(platform.ctx, { email: 'joiner@example.net' });
    expect(await resend(sponsor, 'joiner@example.net')).toMatchObject({
      status: 409,
      message: CSV.inviteeRegistered,
    });
    // Only to a badge earners can still be whitelisted for.
    const open = await publishApprovedBadge(request, sponsor, admin, { name: 'Open to all' });
    expect(
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/invitations/resend', {
        badgeId: open._id,
        email: 'nobody@example.net',
      }),
    ).toMatchObject({ status: 409, message: M.publicBadge });
  }, 60_000);

  it('withdraws an invitation: the invitee leaves the list, a mail not sent yet never goes, and the email can be invited again', async () => {
    const withdraw = (caller: Caller, email: string) =>
      as(caller, 'DELETE', '/gs-api/badge/whitelist/invitations', { badgeId: badge._id, email });
    await refusingMailTo('typo@exmaple.net', 421, async () => {
      await inviteAlone('typo@exmaple.net');
      await eventually(async () =>
        expect((await queuedTo('typo@exmaple.net'))[0]?.attempts).toBe(1),
      );
    });
    expect(await withdraw(otherSponsor, 'typo@exmaple.net')).toMatchObject({
      status: 403,
      message: M.notYourBadge,
    });
    expect(await invitee('typo@exmaple.net')).toMatchObject({ delivery: 'SENDING' });

    expect(await withdraw(sponsor, 'Typo@exmaple.net')).toMatchObject({
      status: 200,
      message: CSV.invitationWithdrawn,
      data: { email: 'typo@exmaple.net' },
    });
    expect(await invitee('typo@exmaple.net')).toBeUndefined();
    expect(await queuedTo('typo@exmaple.net')).toEqual([]);
    await deliverLater(86_400_000);
    expect(await mailsTo('typo@exmaple.net')).toHaveLength(0);
    expect(await withdraw(sponsor, 'typo@exmaple.net')).toMatchObject({
      status: 404,
      message: CSV.noSuchInvitation,
    });

    // Invited again, it is mailed afresh; withdrawn once sent, the mail stays as it went.
    await inviteAlone('typo@exmaple.net');
    expect(await deliveredTo('typo@exmaple.net')).toHaveLength(1);
    await eventually(async () =>
      expect(await invitee('typo@exmaple.net')).toMatchObject({ delivery: 'SENT' }),
    );
    expect(await withdraw(sponsor, 'typo@exmaple.net')).toMatchObject({ status: 200 });
    expect(await invitee('typo@exmaple.net')).toBeUndefined();
    expect(await queuedTo('typo@exmaple.net')).toEqual([
      expect.objectContaining({ sent_at: expect.any(Date) }),
    ]);
  });

  it('queues a consent for more earners than one transaction holds as several transactions, all whitelisted', async () => {
    const count = WHITELIST_EARNERS_PER_TRANSACTION + 1;
    const earners = Array.from({ length: count }, () => privateKeyToAddress(generatePrivateKey()));
    const owner = { kind: 'user' as const, id: sponsor.id };
    const action = {
      type: 'whitelistEarners' as const,
      badgeId: badge.onChainId!,
      name: 'Invitation Only',
      earners,
    };
    const consent = await requestConsent(platform.ctx.db, owner, action);
    expect(consent.description).toContain(`Whitelist ${count} earners`);
    expect(consent.description).toContain('(2 transactions)');
    const queued = await submitConsent(platform.ctx.db, owner, consent.consentToken, action);
    expect(queued.transactionIds).toHaveLength(2);
    for (const id of queued.transactionIds!) {
      expect((await waitForOutcome(request, sponsor as never, id)).status).toBe('COMPLETED');
    }
    expect(await isWhitelisted(earners[0]!)).toBe(true);
    expect(await isWhitelisted(earners[count - 1]!)).toBe(true);
  }, 120_000);
});
