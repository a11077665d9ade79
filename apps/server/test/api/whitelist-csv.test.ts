// Whitelisting from a CSV file on a private badge, through the HTTP API on the
// real database and chain: the preview gives every row its kind (ready: an
// earner's wallet; invite: any valid email; duplicate in the file or
// whitelisted already; invalid: a display name, a line break, the sponsor's
// own), with or without a header, and refuses a file too long; confirming
// whitelists every wallet in one consent and invites every email once,
// whoever it belongs to; an earner answers on the platform, and one more
// consent of the sponsor whitelists the ones who accepted, who can then apply;
// a consent too large for one block is queued as several chain transactions.
// The invitation mails: whitelist-csv-mail.test.ts; the limits on
// invitations: whitelist-csv-limits.test.ts; what an attacker cannot learn:
// whitelist-privacy.test.ts.
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
import { WHITELIST_EARNERS_PER_TRANSACTION } from '../../src/modules/applications/whitelist-actions.ts';
import { whitelistedAmong } from '../../src/modules/applications/application-checks.ts';
import { INVITATION_SUBJECT } from '../../src/modules/applications/invitation-mail.ts';
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
  const {
    request,
    as,
    preview,
    isWhitelisted,
    deliveredTo,
    queuedTo,
    expectNothingToDo,
    invitationsOf,
    answer,
    whitelistAccepted,
  } = whitelistCsvCalls(
    () => platform,
    () => sponsor,
    () => badge,
  );
  const invitations = async () =>
    (await as(sponsor, 'GET', `/gs-api/badge/whitelist/invitations?badgeId=${badge._id}`)).data;

  it('gives every row its kind and the counts, with a header: one bare address per row', async () => {
    const answer = await preview(
      [
        'email',
        ada.email, // invite: an earner's email, like any other
        bob.address.toLowerCase(), // ready, by wallet
        'newcomer@example.net', // invite
        'NewComer@Example.NET', // duplicate: the same address in another case
        cy.address, // duplicate: whitelisted already
        'not-an-email', // invalid
        'Victim Name <victim@example.net>', // invalid: a display name
        '<victim@example.net>', // invalid: angle brackets
        sponsor.address, // invalid: own wallet
        otherSponsor.email, // invite: a sponsor's email, like any other
        otherSponsor.address, // invalid: not an earner's wallet
        '"victim@example.net\r\nBcc: x@y.net"', // invalid: a line break in the address
      ].join('\n'),
    );
    expect(answer.status).toBe(200);
    const data = answer.data as WhitelistCsvPreview;
    expect(data.hasHeader).toBe(true);
    expect(data.rows.map((r) => [r.value, r.kind, r.reason])).toEqual([
      [ada.email, 'invite', CSV.invite],
      [bob.address.toLowerCase(), 'ready', CSV.ready],
      ['newcomer@example.net', 'invite', CSV.invite],
      ['NewComer@Example.NET', 'duplicate', CSV.duplicateInFile],
      [cy.address, 'duplicate', CSV.alreadyWhitelisted],
      ['not-an-email', 'invalid', CSV.notEmailOrAddress],
      ['Victim Name <victim@example.net>', 'invalid', CSV.notEmailOrAddress],
      ['<victim@example.net>', 'invalid', CSV.notEmailOrAddress],
      [sponsor.address, 'invalid', CSV.ownWallet],
      [otherSponsor.email, 'invite', CSV.invite],
      [otherSponsor.address, 'invalid', CSV.notAnEarner],
      ['victim@example.net\r\nBcc: x@y.net', 'invalid', CSV.notEmailOrAddress],
    ]);
    expect(data.rows.slice(0, 3).map((r) => r.line)).toEqual([2, 3, 4]);
    expect(data.counts).toEqual({ ready: 1, invite: 3, duplicate: 2, invalid: 6, unsubscribed: 0 });
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
      [1, ada.email, 'invite'],
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

  it('whitelists the wallets in one consent and invites every email once, an earner too: nobody behind an email is whitelisted yet', async () => {
    const csv = ['email', ada.email, bob.address, 'newcomer@example.net', cy.address].join('\n');
    const body = { badgeOnChainId: badge.onChainId, csv };
    const run = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist/csv', body);
    expect(run.consent.description).toBe(
      `Whitelist 1 earner for your private badge "Invitation Only" (GETS ${badge.onChainId}), so that earner can apply for it`,
    );
    expect(run.outcome.status).toBe('COMPLETED');
    expect(run.outcome.events.filter((e) => e.eventName === 'EarnerWhitelisted')).toEqual([
      expect.objectContaining({ args: expect.objectContaining({ earner: bob.address }) }),
    ]);
    expect(await isWhitelisted(bob.address)).toBe(true);
    // Ada's email is an invitation like the newcomer's: her wallet is not on chain.
    expect(await isWhitelisted(ada.address)).toBe(false);

    const [newcomerMail, ...moreToNewcomer] = await deliveredTo('newcomer@example.net');
    expect(moreToNewcomer).toEqual([]);
    expect(newcomerMail!.subject).toBe(INVITATION_SUBJECT);
    expect(newcomerMail!.text_body).toContain(
      'Test User invites you to apply for the private badge "Invitation Only" on GETS Badges.',
    );
    expect(newcomerMail!.text_body).toContain(
      `/register?next=${encodeURIComponent(`/badge/${badge._id}`)}`,
    );
    expect(newcomerMail!.text_body).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
    // Ada has an account: she is asked to log in and answer, under the same subject.
    const [adaMail] = await deliveredTo(ada.email);
    expect(adaMail!.subject).toBe(INVITATION_SUBJECT);
    expect(adaMail!.text_body).toContain(
      `/login?next=${encodeURIComponent(`/badge/${badge._id}`)}`,
    );
    expect(adaMail!.text_body).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);

    // The same file again: nothing left to whitelist, nobody new to invite.
    const again = await preview(csv);
    expect((again.data as WhitelistCsvPreview).counts).toEqual({
      ready: 0,
      invite: 0,
      duplicate: 4,
      invalid: 0,
      unsubscribed: 0,
    });
    expect((again.data as WhitelistCsvPreview).rows[0]!.reason).toBe(CSV.invited);
    expect(await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', body)).toMatchObject({
      status: 409,
      message: CSV.nothingToDo,
    });
    expect(await queuedTo('newcomer@example.net')).toHaveLength(1);
  }, 60_000);

  it('shows the earner the invitation; once accepted, one more consent whitelists them without naming the wallet, and they apply', async () => {
    expect(await invitationsOf(ada)).toEqual([
      {
        badgeId: badge._id,
        badgeName: 'Invitation Only',
        sponsorName: 'Test User',
        invitedAt: expect.any(String),
        status: 'PENDING',
      },
    ]);
    // Applying before the wallet is whitelisted is refused, as for anyone not whitelisted.
    expect(
      await as(ada, 'POST', '/gs-api/user/metakeep/requestBadge', {
        onChainId: badge.onChainId,
        email: ada.email,
        fullName: 'Ada Lovelace',
        awardCriteria: true,
        awardingCriteriaEvidence: false,
      }),
    ).toMatchObject({ status: 403, message: M.notWhitelisted });

    expect(await answer(ada, true)).toMatchObject({
      status: 200,
      message: CSV.invitationAccepted,
      data: { badgeId: badge._id, status: 'ACCEPTED' },
    });
    // Once answered, it cannot be answered again.
    expect(await answer(ada, false)).toMatchObject({
      status: 404,
      message: CSV.noInvitationForYou,
    });
    // Invited together: listed by email.
    expect(await invitations()).toEqual([
      expect.objectContaining({ email: 'newcomer@example.net', accepted: false }),
      expect.objectContaining({ email: ada.email, accepted: true }),
    ]);

    const run = await whitelistAccepted([ada.email, 'newcomer@example.net']);
    expect(run.consent.description).toBe(
      `Whitelist 1 invitee who accepted your invitation to your private badge "Invitation Only" (GETS ${badge.onChainId}), so they can apply for it: their wallet goes on the badge's whitelist on chain`,
    );
    expect(run.outcome).toMatchObject({ status: 'COMPLETED', transactionHash: null });
    expect(JSON.stringify(run).toLowerCase()).not.toContain(ada.address.toLowerCase());
    expect(await isWhitelisted(ada.address)).toBe(true);
    // Whitelisted: she leaves the sponsor's list and her own, and can apply.
    expect(await invitations()).toEqual([
      expect.objectContaining({ email: 'newcomer@example.net', accepted: false }),
    ]);
    expect(await invitationsOf(ada)).toEqual([]);
    const { application } = await applyFor(request, ada, badge, { fullName: 'Ada Lovelace' });
    expect(application.status).toBe('APPLIED');
    // Nobody else accepted: nothing to consent to.
    expect(
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/invitations/accepted', {
        badgeId: badge._id,
        emails: [ada.email, 'newcomer@example.net'],
      }),
    ).toMatchObject({ status: 409, message: CSV.noneAccepted });
  }, 90_000);

  it('shows a newcomer who registers since the invitation waiting for them; only earners answer', async () => {
    const invitedOnly = await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: 'later@example.net',
    });
    expect(invitedOnly).toMatchObject({
      status: 200,
      message: CSV.invitationsSent,
      data: { invited: 1 },
    });
    const newcomer = await createTestUser(platform.ctx, { email: 'Newcomer@Example.net' });
    expect(await invitationsOf(newcomer)).toEqual([
      expect.objectContaining({ badgeId: badge._id, status: 'PENDING' }),
    ]);
    // Registering answers nothing: the sponsor's list reads as before.
    expect(await invitations()).toEqual([
      expect.objectContaining({ email: 'later@example.net', accepted: false }),
      expect.objectContaining({ email: 'newcomer@example.net', accepted: false }),
    ]);
    // A sponsor with the invited email may not answer it.
    const sponsorByEmail = await createTestUser(platform.ctx, {
      email: 'later@example.net',
      userType: 'SPONSOR',
    });
    expect(await answer(sponsorByEmail, true)).toMatchObject({ status: 403 });
    // Someone else's invitation is not theirs to answer.
    expect(await answer(bob, true)).toMatchObject({ status: 404, message: CSV.noInvitationForYou });
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
    // What a file's preview asks of the chain, in a few multicalls: all of them, and no stranger.
    const strangers = Array.from({ length: 200 }, () => privateKeyToAddress(generatePrivateKey()));
    const found = await whitelistedAmong(platform.ctx, badge.onChainId!, [
      ...strangers,
      ...earners,
    ]);
    expect([...found].sort()).toEqual(earners.map((earner) => earner.toLowerCase()).sort());
  }, 120_000);
});
