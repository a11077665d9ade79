// The invitation mails of a whitelist from a CSV file, through the HTTP API on
// the real database, chain and worker: the worker delivers the mail, later if
// the mail server refuses it for now, gives up one refused for good, says how
// each went in words, prunes sent mails after a month, sends one not
// delivered again and withdraws one on the sponsor's word.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES as M,
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
  type WhitelistCsvPreview,
} from '@gets/schema';
import { pruneOldMails, SENT_MAIL_KEPT_MS } from '../../src/mail/mail-delivery.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import type { Caller } from '../helpers/badges.ts';
import { publishApprovedBadge } from '../helpers/applications.ts';
import { useWhitelistCsvPlatform, whitelistCsvCalls } from '../helpers/whitelist-csv.ts';

describe('whitelist from a CSV file', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let otherSponsor: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform((cast) => {
    ({ platform, sponsor, admin, otherSponsor, badge } = cast);
  });
  const {
    request,
    as,
    preview,
    mailsTo,
    eventually,
    deliveredTo,
    queuedTo,
    refusingMailTo,
    invitee,
    inviteAlone,
    previewOf,
    expectNothingToDo,
    deliverLater,
  } = whitelistCsvCalls(
    () => platform,
    () => sponsor,
    () => badge,
  );

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
      accepted: false,
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
    // An invitee who registered since is answered like any other: their mail went, so no resend.
    await inviteAlone('joiner@example.net');
    await createTestUser(platform.ctx, { email: 'joiner@example.net' });
    await deliveredTo('joiner@example.net');
    await eventually(async () =>
      expect(await invitee('joiner@example.net')).toMatchObject({ delivery: 'SENT' }),
    );
    expect(await resend(sponsor, 'joiner@example.net')).toMatchObject({
      status: 409,
      message: CSV.invitationNotRefused,
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
});
