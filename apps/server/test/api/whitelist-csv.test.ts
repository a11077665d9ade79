// Whitelisting from a CSV file on a private badge, through the HTTP API on the
// real database and chain: the preview gives every row its kind (ready,
// unknown, duplicate in the file or whitelisted already, invalid: a display
// name, a line break, the sponsor's own), with or without a header, names
// only earners who applied to the sponsor's badges, and refuses a file too
// long; confirming whitelists every ready earner in one consent (then they can
// apply), invites each unknown email once and lists the invitees, and a
// consent too large for one block is queued as several chain transactions.
// The invitation mails: whitelist-csv-mail.test.ts; the limits on
// invitations: whitelist-csv-limits.test.ts.
import { chainActions } from '../../src/actions.ts';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES as M,
  WHITELIST_CSV_MAX_ROWS,
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
  type WhitelistCsvPreview,
} from '@gets/schema';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { requestConsent, submitConsent } from '../../src/custody/consent.ts';
import { WHITELIST_EARNERS_PER_TRANSACTION } from '../../src/modules/applications/actions.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, waitForOutcome, type TestUser } from '../helpers/accounts.ts';
import { runAction, type Caller } from '../helpers/badges.ts';
import { applyFor, publishApprovedBadge } from '../helpers/applications.ts';
import { PER_DAY, useWhitelistCsvPlatform, whitelistCsvCalls } from '../helpers/whitelist-csv.ts';

describe('whitelist from a CSV file', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let otherSponsor: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform((cast) => {
    ({ platform, sponsor, admin, ada, bob, cy, otherSponsor, badge } = cast);
  });
  const { request, as, preview, isWhitelisted, deliveredTo, queuedTo, expectNothingToDo } =
    whitelistCsvCalls(
      () => platform,
      () => sponsor,
      () => badge,
    );

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
