// Whitelisting from a CSV file on a private badge, through the HTTP API on the
// real database and chain: the preview gives every row its kind (ready,
// unknown, duplicate in the file or whitelisted already, invalid: a display
// name, a line break, the sponsor's own), with or without a header, names
// only earners who applied to the sponsor's badges, and refuses a file too
// long; confirming whitelists every ready earner in one consent (then they can
// apply), invites each unknown email once (the worker delivers the mail, later
// if the mail server refuses it for now), lists the invitees with how their
// mail went in words, prunes sent mails after a month, sends one not
// delivered again and withdraws one on the sponsor's word, and a consent too
// large for one block is queued as several chain transactions. Invitations
// are limited: a configured number a day per sponsor (refused before any
// consent or mail), one per badge and address, one per address and sponsor a
// week, none once the address unsubscribed through its mail's link.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { badgeEscrowAbi } from '@gets/contracts';
import {
  APPLICATION_MESSAGES as M,
  INVITATION_ADDRESS_DAYS,
  tooManyInvitationsMessage,
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
import { insertInvitations } from '../../src/modules/applications/invitation-repository.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { adminCaller, call, runAction, type Caller } from '../helpers/badges.ts';
import { applyFor, publishApprovedBadge } from '../helpers/applications.ts';

/** A small day's limit, so the limit's edge is reached in a test. */
const PER_DAY = 12;

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
      last_failure: string | null;
      sent_at: Date | null;
      given_up_at: Date | null;
    }>(
      `SELECT attempts, last_failure, sent_at, given_up_at FROM mail_queue
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
  const inviteAlone = async (email: string, by = sponsor, to = badge) => {
    const body = { badgeOnChainId: to.onChainId, csv: email };
    expect(await as(by, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 200,
      data: { invited: 1 },
    });
    return body;
  };
  /** The preview of a file for one of a sponsor's badges. */
  const previewOf = async (by: TestUser, on: Badge, csv: string) =>
    (
      await as(by, 'POST', '/gs-api/badge/whitelist/csv/preview', {
        badgeOnChainId: on.onChainId,
        csv,
      })
    ).data as WhitelistCsvPreview;
  /** Confirming a file that holds nobody to whitelist or invite: refused, nothing done. */
  const expectNothingToDo = async (by: TestUser, on: Badge, csv: string) =>
    expect(
      await as(by, 'POST', '/gs-api/badge/whitelist/csv', { badgeOnChainId: on.onChainId, csv }),
    ).toMatchObject({ status: 409, message: CSV.nothingToDo });
  /** The unsubscribe token in the (queued) invitation mail to this address. */
  const unsubscribeTokenOf = async (email: string) => {
    const [mail] = await platform.ctx.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_queue WHERE lower(to_address) = lower($1) ORDER BY created_at DESC',
      [email],
    );
    return /\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
  };
  const unsubscribe = (token: unknown) =>
    as(null, 'POST', '/gs-api/badge/whitelist/invitations/unsubscribe', { token });
  /** Moves the sponsor's invitations of this email back in time, as days passing would. */
  const ageInvitations = (email: string, days: number) =>
    platform.ctx.db.query(
      `UPDATE whitelist_invitations SET invited_at = invited_at - $2::int * interval '1 day'
        WHERE lower(email) = lower($1)`,
      [email, days],
    );
  /** Delivers what is due `ms` from now, as the worker would then. */
  const deliverLater = (ms: number) =>
    deliverQueuedMails(
      { db: platform.ctx.db, mailer: platform.ctx.mailer, log: { error: () => undefined } },
      () => new Date(Date.now() + ms),
    );

  beforeAll(async () => {
    platform = await startTestPlatform({ INVITATIONS_PER_SPONSOR_PER_DAY: String(PER_DAY) });
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' });
    otherSponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
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

  it('gives every row its kind and the counts, with a header: one bare address per row', async () => {
    const answer = await preview(
      [
        'email',
        ada.email, // ready
        bob.address.toLowerCase(), // ready, by wallet
        'newcomer@example.net', // unknown
        'NewComer@Example.NET', // duplicate: the same address in another case
        cy.address, // duplicate: whitelisted already
        'not-an-email', // invalid
        'Victim Name <victim@example.net>', // invalid: a display name
        '<victim@example.net>', // invalid: angle brackets
        sponsor.address, // invalid: own wallet
        otherSponsor.email, // invalid: not an earner
        '"victim@example.net\r\nBcc: x@y.net"', // invalid: a line break in the address
      ].join('\n'),
    );
    expect(answer.status).toBe(200);
    const data = answer.data as WhitelistCsvPreview;
    expect(data.hasHeader).toBe(true);
    expect(data.rows.map((r) => [r.value, r.kind, r.reason])).toEqual([
      [ada.email, 'ready', CSV.ready],
      [bob.address.toLowerCase(), 'ready', CSV.ready],
      ['newcomer@example.net', 'unknown', CSV.unknown],
      ['NewComer@Example.NET', 'duplicate', CSV.duplicateInFile],
      [cy.address, 'duplicate', CSV.alreadyWhitelisted],
      ['not-an-email', 'invalid', CSV.notEmailOrAddress],
      ['Victim Name <victim@example.net>', 'invalid', CSV.notEmailOrAddress],
      ['<victim@example.net>', 'invalid', CSV.notEmailOrAddress],
      [sponsor.address, 'invalid', CSV.ownWallet],
      [otherSponsor.email, 'invalid', CSV.notAnEarner],
      ['victim@example.net\r\nBcc: x@y.net', 'invalid', CSV.notEmailOrAddress],
    ]);
    expect(data.rows.slice(0, 3).map((r) => r.line)).toEqual([2, 3, 4]);
    // Nobody here applied to the sponsor's badges: no name, no wallet.
    expect(data.rows[0]).toMatchObject({ account: null, fullName: null });
    expect(data.counts).toEqual({
      ready: 2,
      unknown: 1,
      duplicate: 2,
      invalid: 6,
      unsubscribed: 0,
    });
    expect(data.invitations).toEqual({ perDay: PER_DAY, leftToday: PER_DAY });
    // Confirming rows with a name or a line break mails nobody.
    await expectNothingToDo(
      sponsor,
      badge,
      'Victim Name <victim@example.net>\n"victim@example.net\r\nBcc: x@y.net"',
    );
    expect(await queuedTo('victim@example.net')).toEqual([]);
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
    const csv = ['email', ada.email, bob.address, 'newcomer@example.net', cy.address].join('\n');
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
    expect(mails[0]!.subject).toBe('You are invited to earn a badge on GETS Badges');
    expect(mails[0]!.text_body).toContain(
      'Test User invites you to apply for the private badge "Invitation Only" on GETS Badges.',
    );
    expect(mails[0]!.text_body).toContain(
      `/register?next=${encodeURIComponent(`/badge/${badge._id}`)}`,
    );
    expect(mails[0]!.text_body).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);

    const { application } = await applyFor(request, ada, badge, { fullName: 'Ada Lovelace' });
    expect(application.status).toBe('APPLIED');

    // The same file again: nothing left to whitelist, nobody new to invite.
    const again = await preview(csv);
    expect((again.data as WhitelistCsvPreview).counts).toEqual({
      ready: 0,
      unknown: 0,
      duplicate: 4,
      invalid: 0,
      unsubscribed: 0,
    });
    expect((again.data as WhitelistCsvPreview).rows[2]!.reason).toBe(CSV.invited);
    expect(await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 409,
      message: CSV.nothingToDo,
    });
    expect(await queuedTo('newcomer@example.net')).toHaveLength(1);
  }, 60_000);

  it("names in the preview only earners who applied to one of the sponsor's badges", async () => {
    // Dora applied to another sponsor's badge only; Ada applied to this sponsor's.
    const dora = await createTestUser(platform.ctx);
    await platform.ctx.db.query("UPDATE users SET full_name = 'Dora Distinct' WHERE id = $1", [
      dora.id,
    ]);
    const elsewhere = await publishApprovedBadge(request, otherSponsor, admin, {
      name: 'Elsewhere',
    });
    await applyFor(request, dora, elsewhere, { fullName: 'Dora Applicant' });
    const response = await request('/gs-api/badge/whitelist/csv/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sponsor.authorization },
      body: JSON.stringify({
        badgeOnChainId: badge.onChainId,
        csv: [dora.email, bob.email, ada.email].join('\n'),
      }),
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    // The raw answer: nothing of Dora or Bob beyond the email the sponsor typed.
    for (const secret of [dora.address, bob.address, 'Dora Distinct', 'Dora Applicant']) {
      expect(raw.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const rows = (JSON.parse(raw) as { data: WhitelistCsvPreview }).data.rows;
    expect(rows.map((r) => [r.kind, r.account, r.fullName])).toEqual([
      ['ready', null, null],
      // Bob is whitelisted (by wallet, above); his email does not say whose wallet that is.
      ['ready', null, null],
      // Ada's name and wallet as her application showed them on the Applications page.
      ['duplicate', ada.address, 'Ada Lovelace'],
    ]);
    expect(rows[2]!.reason).toBe(CSV.alreadyWhitelisted);
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
          { attempts: 1, last_failure: 'DEFERRED', sent_at: null, given_up_at: null },
        ]),
      );
      return sent;
    });
    // The sponsor sees it is still being sent, and why in words, never the server's answer.
    expect(await invitee('unlucky@example.net')).toEqual(
      expect.objectContaining({ delivery: 'SENDING', deliveryNote: CSV.deliveryRetrying }),
    );
    expect(JSON.stringify(await invitee('unlucky@example.net'))).not.toContain('421');
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
      deliveryNote: null,
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
      deliveryNote: CSV.deliveryRefused,
      registered: false,
    });
    expect(JSON.stringify(await invitee('nobody@example.net'))).not.toMatch(/550|mailbox/);
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
      data: { email: 'nobody@example.net', delivery: 'SENDING', deliveryNote: null },
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
        deliveryNote: null,
      }),
    );
    expect(await queuedTo('nobody@example.net')).toEqual([
      expect.objectContaining({ attempts: 1, last_failure: null, given_up_at: null }),
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

  it('withdraws an invitation: the invitee leaves the list, a mail not sent yet never goes, and the address is not invited to the badge again', async () => {
    const withdraw = (caller: Caller, email: string) =>
      as(caller, 'DELETE', '/gs-api/badge/whitelist/invitations', { badgeId: badge._id, email });
    const leftToday = async () =>
      ((await preview('someone@example.net')).data as WhitelistCsvPreview).invitations.leftToday;
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
    const left = await leftToday();

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

    // Withdrawing lifts no limit: the day's count stands, and the address is not invited again.
    expect(await leftToday()).toBe(left);
    expect((await previewOf(sponsor, badge, 'typo@exmaple.net')).rows[0]).toMatchObject({
      kind: 'duplicate',
      reason: CSV.invited,
    });
    await expectNothingToDo(sponsor, badge, 'typo@exmaple.net');

    // Withdrawn once sent, the mail stays as it went.
    await inviteAlone('gone@example.net');
    await eventually(async () =>
      expect(await invitee('gone@example.net')).toMatchObject({ delivery: 'SENT' }),
    );
    expect(await withdraw(sponsor, 'gone@example.net')).toMatchObject({ status: 200 });
    expect(await invitee('gone@example.net')).toBeUndefined();
    expect(await queuedTo('gone@example.net')).toEqual([
      expect.objectContaining({ sent_at: expect.any(Date) }),
    ]);
  });

  it('refuses a file with more new emails than the sponsor has left today, before any consent or mail', async () => {
    const limited = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    const own = await publishApprovedBadge(request, limited, admin, {
      name: 'Limited',
      badgeAccess: 'private',
    });
    const emails = Array.from({ length: PER_DAY + 1 }, (_, i) => `limit-${i}@example.net`);
    const file = (csv: string) => ({ badgeOnChainId: own.onChainId, csv });
    const confirm = (csv: string) => as(limited, 'POST', '/gs-api/badge/whitelist/csv', file(csv));
    const recorded = () =>
      platform.ctx.db.query('SELECT email FROM whitelist_invitations WHERE sponsor_id = $1', [
        limited.id,
      ]);
    const consents = () =>
      platform.ctx.db.query('SELECT 1 FROM consents WHERE owner_id = $1', [limited.id]);

    // The preview says how many are left; confirming one more than that is refused whole.
    const shown = await as(
      limited,
      'POST',
      '/gs-api/badge/whitelist/csv/preview',
      file(emails.join('\n')),
    );
    expect(shown.data).toMatchObject({
      counts: { unknown: PER_DAY + 1 },
      invitations: { perDay: PER_DAY, leftToday: PER_DAY },
    });
    expect(await confirm(emails.join('\n'))).toEqual({
      status: 429,
      message: tooManyInvitationsMessage(PER_DAY + 1, PER_DAY, PER_DAY),
      data: null,
    });
    expect(await recorded()).toEqual([]);
    expect(await queuedTo(emails[0]!)).toEqual([]);

    // As many as are left go; the next of the day is refused, saying none is left.
    expect(await confirm(emails.slice(0, PER_DAY).join('\n'))).toMatchObject({
      status: 200,
      data: { invited: PER_DAY },
    });
    expect(await confirm(emails[PER_DAY]!)).toMatchObject({
      status: 429,
      message: `This file would send 1 invitation, but you can send no more today (at most ${PER_DAY} a day, counted from 00:00 UTC). Remove 1 of its new emails, or invite them tomorrow.`,
    });
    // With a ready earner in the file, refused before the consent is asked.
    const consentsBefore = (await consents()).length;
    expect(await confirm(`${ada.email}\n${emails[PER_DAY]!}`)).toMatchObject({ status: 429 });
    expect(await consents()).toHaveLength(consentsBefore);
    expect(await recorded()).toHaveLength(PER_DAY);
    expect(await queuedTo(emails[PER_DAY]!)).toEqual([]);
    // Whitelisting mails nobody: not limited.
    expect(await confirm(ada.email)).toMatchObject({
      status: 200,
      data: { consentToken: expect.any(String) },
    });
  }, 60_000);

  it('counts uploads made at once against one day: together they cannot pass the limit', async () => {
    const racer = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    const own = await publishApprovedBadge(request, racer, admin, {
      name: 'Raced',
      badgeAccess: 'private',
    });
    // Four files of a third of the day each, sent together: three fit, one cannot.
    const size = PER_DAY / 3;
    const file = (upload: number) =>
      Array.from({ length: size }, (_, i) => `race-${upload}-${i}@example.net`).join('\n');
    const answers = await Promise.all(
      [0, 1, 2, 3].map((upload) =>
        as(racer, 'POST', '/gs-api/badge/whitelist/csv', {
          badgeOnChainId: own.onChainId,
          csv: file(upload),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429]);
    expect(answers.find((answer) => answer.status === 429)?.message).toBe(
      tooManyInvitationsMessage(size, 0, PER_DAY),
    );
    const recorded = await platform.ctx.db.query(
      'SELECT 1 FROM whitelist_invitations WHERE sponsor_id = $1',
      [racer.id],
    );
    expect(recorded).toHaveLength(PER_DAY);
  }, 60_000);

  let weekly: TestUser;
  let first: Badge;
  let second: Badge;
  /** What the statement that records invitations makes of this email for weekly's second badge, whatever its caller checked. */
  const recordDirectly = (email: string) =>
    insertInvitations(platform.ctx.db, {
      badgeId: second._id,
      sponsorId: weekly.id,
      emails: [email],
      addressDays: INVITATION_ADDRESS_DAYS,
    });

  it(`mails an address once per badge, and once in ${INVITATION_ADDRESS_DAYS} days from the same sponsor whatever the badge`, async () => {
    weekly = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    first = await publishApprovedBadge(request, weekly, admin, {
      name: 'First',
      badgeAccess: 'private',
    });
    second = await publishApprovedBadge(request, weekly, admin, {
      name: 'Second',
      badgeAccess: 'private',
    });
    await inviteAlone('weekly@example.net', weekly, first);
    expect(await deliveredTo('weekly@example.net')).toHaveLength(1);

    // The same address for the sponsor's other badge, within the week: not mailed.
    expect((await previewOf(weekly, second, 'Weekly@Example.net')).rows[0]).toMatchObject({
      kind: 'duplicate',
      reason: CSV.invitedRecently,
    });
    await expectNothingToDo(weekly, second, 'Weekly@Example.net');
    // The statement that records invitations holds the rule itself.
    expect(await recordDirectly('weekly@example.net')).toEqual([]);

    // A week later, the other badge's invitation goes; the first badge's never again.
    await ageInvitations('weekly@example.net', INVITATION_ADDRESS_DAYS + 1);
    await inviteAlone('Weekly@Example.net', weekly, second);
    await eventually(async () => expect(await mailsTo('weekly@example.net')).toHaveLength(2));
    await ageInvitations('weekly@example.net', INVITATION_ADDRESS_DAYS + 1);
    expect((await previewOf(weekly, first, 'weekly@example.net')).rows[0]).toMatchObject({
      kind: 'duplicate',
      reason: CSV.invited,
    });
    await expectNothingToDo(weekly, first, 'weekly@example.net');
    await deliverLater(0);
    expect(await mailsTo('weekly@example.net')).toHaveLength(2);
  }, 90_000);

  it("unsubscribes an address through its mail's link, without signing in and again at will: no sponsor invites it any more", async () => {
    await inviteAlone('leaver@example.net', weekly, first);
    await deliveredTo('leaver@example.net');
    const token = await unsubscribeTokenOf('leaver@example.net');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const done = { status: 200, message: CSV.unsubscribeDone, data: null };
    expect(await unsubscribe(token)).toEqual(done);
    expect(await unsubscribe(token)).toEqual(done);
    expect(
      await platform.ctx.db.query('SELECT email FROM invitation_opt_outs WHERE email = $1', [
        'leaver@example.net',
      ]),
    ).toEqual([{ email: 'leaver@example.net' }]);
    // A link that is no link is refused, clearly.
    for (const bad of ['not-a-token', undefined, 42, `${token!.slice(0, 42)}!`]) {
      expect(await unsubscribe(bad)).toMatchObject({
        status: 400,
        message: CSV.badUnsubscribeLink,
      });
    }
    expect(await unsubscribe('A'.repeat(43))).toMatchObject({
      status: 404,
      message: CSV.badUnsubscribeLink,
    });

    // Any sponsor, any badge, in any case: shown as unsubscribed, and nobody is mailed.
    expect(await previewOf(sponsor, badge, 'LEAVER@example.net')).toMatchObject({
      rows: [{ kind: 'unsubscribed', reason: CSV.addressUnsubscribed, account: null }],
      counts: { unsubscribed: 1, unknown: 0 },
    });
    await expectNothingToDo(sponsor, badge, 'LEAVER@example.net');
    await ageInvitations('leaver@example.net', INVITATION_ADDRESS_DAYS + 1);
    await expectNothingToDo(weekly, second, 'leaver@example.net');
    expect(await recordDirectly('Leaver@example.net')).toEqual([]);
    await deliverLater(0);
    expect(await mailsTo('leaver@example.net')).toHaveLength(1);

    // An invitation the server refused is not sent again once its address unsubscribed.
    await refusingMailTo('bounced@example.net', 550, async () => {
      await inviteAlone('bounced@example.net', weekly, first);
      await eventually(async () =>
        expect((await queuedTo('bounced@example.net'))[0]?.given_up_at).toBeInstanceOf(Date),
      );
    });
    expect(await unsubscribe(await unsubscribeTokenOf('bounced@example.net'))).toEqual(done);
    expect(
      await as(weekly, 'POST', '/gs-api/badge/whitelist/invitations/resend', {
        badgeId: first._id,
        email: 'bounced@example.net',
      }),
    ).toMatchObject({ status: 409, message: CSV.addressUnsubscribed });
  }, 60_000);

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
    const consent = await requestConsent(chainActions, platform.ctx.db, owner, action);
    expect(consent.description).toContain(`Whitelist ${count} earners`);
    expect(consent.description).toContain('(2 transactions)');
    const queued = await submitConsent(
      chainActions,
      platform.ctx.db,
      owner,
      consent.consentToken,
      action,
    );
    expect(queued.transactionIds).toHaveLength(2);
    for (const id of queued.transactionIds!) {
      expect((await waitForOutcome(request, sponsor as never, id)).status).toBe('COMPLETED');
    }
    expect(await isWhitelisted(earners[0]!)).toBe(true);
    expect(await isWhitelisted(earners[count - 1]!)).toBe(true);
  }, 120_000);
});
