// The limits on the invitations of a whitelist from a CSV file, through the
// HTTP API on the real database and chain: a configured number a day per
// sponsor (refused before any consent or mail, uploads at once counted
// together), one per badge and address, one per address and sponsor a week,
// none once the address unsubscribed through its mail's link.
import { describe, expect, it } from 'vitest';
import {
  INVITATION_ADDRESS_DAYS,
  tooManyInvitationsMessage,
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
} from '@gets/schema';
import { insertInvitations } from '../../src/modules/applications/invitation-repository.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import type { Caller } from '../helpers/badges.ts';
import { publishApprovedBadge } from '../helpers/applications.ts';
import { PER_DAY, useWhitelistCsvPlatform, whitelistCsvCalls } from '../helpers/whitelist-csv.ts';

describe('whitelist from a CSV file', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform((cast) => {
    ({ platform, sponsor, admin, ada, badge } = cast);
  });
  const {
    request,
    as,
    mailsTo,
    eventually,
    deliveredTo,
    queuedTo,
    refusingMailTo,
    inviteAlone,
    previewOf,
    expectNothingToDo,
    unsubscribeTokenOf,
    unsubscribe,
    ageInvitations,
    deliverLater,
  } = whitelistCsvCalls(
    () => platform,
    () => sponsor,
    () => badge,
  );

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
      counts: { invite: PER_DAY + 1 },
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
    // With an earner's wallet in the file, refused before the consent is asked.
    const consentsBefore = (await consents()).length;
    expect(await confirm(`${ada.address}\n${emails[PER_DAY]!}`)).toMatchObject({ status: 429 });
    expect(await consents()).toHaveLength(consentsBefore);
    expect(await recorded()).toHaveLength(PER_DAY);
    expect(await queuedTo(emails[PER_DAY]!)).toEqual([]);
    // An earner's email is an invitation like any other: refused too.
    expect(await confirm(ada.email)).toMatchObject({ status: 429 });
    // Whitelisting a wallet mails nobody: not limited.
    expect(await confirm(ada.address)).toMatchObject({
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
      rows: [{ kind: 'unsubscribed', reason: CSV.addressUnsubscribed }],
      counts: { unsubscribed: 1, invite: 0 },
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
});
