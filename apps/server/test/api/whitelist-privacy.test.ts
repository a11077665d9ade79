// What a sponsor cannot learn through the whitelist (decision 0063), tried
// as an attacker would, through the HTTP API on the real database, chain and
// worker: whether an email has an earner account (the CSV preview, its
// confirmation, the invitations list and its limits answer an earner's email
// exactly as a never-registered one), an earner's wallet from their email
// (nobody behind an email is whitelisted before accepting, and the
// whitelisting of the ones who accepted names no wallet: consent, status,
// status stream), whether a wallet is an earner's through
// GET /badge/applicationlist, whether an invitee declined; that the CSV calls
// are limited per sponsor; and that no chain transaction is spent on an
// earner whitelisted already.
import { describe, expect, it } from 'vitest';
import { privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import {
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import type { TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { runAction, type Caller } from '../helpers/badges.ts';
import { applyFor, publishApprovedBadge } from '../helpers/applications.ts';
import { readSse } from '../helpers/sse.ts';
import { useWhitelistCsvPlatform, whitelistCsvCalls } from '../helpers/whitelist-csv.ts';

/** An address nobody has registered, ever. */
const neverRegistered = () => `never-${Math.random().toString(36).slice(2, 10)}@example.net`;

describe('whitelist privacy', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let admin: Caller;
  let ada: TestUser;
  let cy: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform((cast) => {
    ({ platform, sponsor, otherSponsor, admin, ada, cy, badge } = cast);
  });
  const {
    request,
    as,
    preview,
    isWhitelisted,
    eventually,
    deliveredTo,
    invitee,
    invitationsOf,
    answer,
    whitelistAccepted,
  } = whitelistCsvCalls(
    () => platform,
    () => sponsor,
    () => badge,
  );
  const rawCall = async (caller: Caller, method: string, path: string, body?: unknown) => {
    const response = await request(path, {
      method,
      headers: {
        ...caller.authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  /** An answer with the email it is about taken out: what is left must not tell the two apart. */
  const without = (text: string, email: string) => text.split(email).join('<email>');
  const consentsOf = async (owner: TestUser) =>
    (await platform.ctx.db.query('SELECT 1 FROM consents WHERE owner_id = $1', [owner.id])).length;

  it("previews, confirms and lists a registered earner's email exactly as a never-registered one", async () => {
    const earner = await createTestUser(platform.ctx);
    const stranger = neverRegistered();
    const path = '/gs-api/badge/whitelist/csv/preview';
    const previewOf = (email: string) =>
      rawCall(sponsor, 'POST', path, { badgeOnChainId: badge.onChainId, csv: `email\n${email}` });
    const [ofEarner, ofStranger] = [await previewOf(earner.email), await previewOf(stranger)];
    expect(ofEarner.status).toBe(200);
    expect(without(ofEarner.text, earner.email)).toBe(without(ofStranger.text, stranger));
    const shown = JSON.parse(ofEarner.text) as { data: WhitelistCsvPreview };
    expect(shown.data.rows).toEqual([
      { line: 2, value: earner.email, kind: 'invite', reason: CSV.invite },
    ]);

    // Confirming: the same answer, the same count off the day's allowance, no consent.
    const leftToday = async () =>
      ((await preview(neverRegistered())).data as WhitelistCsvPreview).invitations.leftToday;
    const consentsBefore = await consentsOf(sponsor);
    const left = await leftToday();
    const confirm = (email: string) =>
      rawCall(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
        badgeOnChainId: badge.onChainId,
        csv: email,
      });
    const confirmedEarner = await confirm(earner.email);
    expect(await leftToday()).toBe(left - 1);
    const confirmedStranger = await confirm(stranger);
    expect(await leftToday()).toBe(left - 2);
    expect(confirmedEarner).toEqual({
      status: 200,
      text: JSON.stringify({ message: CSV.invitationsSent, data: { invited: 1 } }),
    });
    expect(confirmedStranger).toEqual(confirmedEarner);
    expect(await consentsOf(sponsor)).toBe(consentsBefore);
    // The earner's wallet is not whitelisted: they have not accepted.
    expect(await isWhitelisted(earner.address)).toBe(false);

    // Both mails went; the sponsor's list reads the same of both.
    await deliveredTo(earner.email);
    await deliveredTo(stranger);
    const listed = async (email: string) => {
      const entry = await eventually(async () => {
        const found = await invitee(email);
        expect(found?.delivery).toBe('SENT');
        return found!;
      });
      return { ...entry, email: '<email>', invitedAt: '<time>' } satisfies WhitelistInvitation;
    };
    expect(await listed(earner.email)).toEqual(await listed(stranger));
    // Again: both are invited already, in the same words.
    const [againEarner, againStranger] = [await previewOf(earner.email), await previewOf(stranger)];
    expect(without(againEarner.text, earner.email)).toBe(without(againStranger.text, stranger));
  }, 60_000);

  it('reads a declined invitation to the sponsor as one not answered', async () => {
    const [decliner, silent] = [
      await createTestUser(platform.ctx),
      await createTestUser(platform.ctx),
    ];
    await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: `${decliner.email}\n${silent.email}`,
    });
    expect(await answer(decliner, false)).toMatchObject({
      status: 200,
      message: CSV.invitationDeclined,
      data: null,
    });
    expect(await invitationsOf(decliner)).toEqual([]);
    expect(await invitationsOf(silent)).toHaveLength(1);
    const entry = async (email: string) => ({ ...(await invitee(email)), email: '<email>' });
    await eventually(async () =>
      expect(await entry(decliner.email)).toEqual(await entry(silent.email)),
    );
    expect(await entry(decliner.email)).toMatchObject({ accepted: false });
  }, 30_000);

  it('whitelists an accepted invitee without ever showing the sponsor the wallet: consent, status, stream', async () => {
    const dee = await createTestUser(platform.ctx);
    const secret = dee.address.toLowerCase();
    const stream = readSse(
      await request('/gs-api/metakeep/transaction/stream', { headers: sponsor.authorization }),
    );
    try {
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
        badgeOnChainId: badge.onChainId,
        csv: dee.email,
      });
      expect((await answer(dee, true)).status).toBe(200);
      const listed = await rawCall(
        sponsor,
        'GET',
        `/gs-api/badge/whitelist/invitations?badgeId=${badge._id}`,
      );
      expect(listed.text).toContain('"accepted":true');
      expect(listed.text.toLowerCase()).not.toContain(secret);

      const body = { badgeId: badge._id, emails: [dee.email] };
      const path = '/gs-api/badge/whitelist/invitations/accepted';
      const consent = await rawCall(sponsor, 'POST', path, body);
      const token = (JSON.parse(consent.text) as { data: { consentToken: string } }).data
        .consentToken;
      const queued = await rawCall(sponsor, 'POST', path, { ...body, consentToken: token });
      const transactionId = (JSON.parse(queued.text) as { data: { transactionId: string } }).data
        .transactionId;
      const status = await eventually(async () => {
        const polled = await rawCall(sponsor, 'POST', '/gs-api/metakeep/transaction', {
          transactionId,
        });
        expect(polled.text).toContain('"status":"COMPLETED"');
        return polled.text;
      });
      expect(await isWhitelisted(dee.address)).toBe(true);
      await stream.readUntil((s) =>
        s.statusEvents.some((e) => e.transactionId === transactionId && e.status === 'COMPLETED'),
      );
      // The stream also carries the sponsor's other transactions: this one's events, as sent.
      const streamed = stream.messages
        .filter((message) => message.data?.includes(transactionId))
        .map((message) => message.data)
        .join('\n');
      expect(streamed).toContain('"status":"COMPLETED"');
      for (const answered of [consent.text, queued.text, status, streamed]) {
        expect(answered.toLowerCase()).not.toContain(secret);
        // Nor the hash, whose page shows the chain's record of the wallet.
        expect(answered).not.toMatch(/"transactionHash":"0x/);
      }
      expect(JSON.parse(status)).toMatchObject({
        data: { events: [], transactionHash: null, transactionChainScanUrl: null },
      });
    } finally {
      await stream.close();
    }
  }, 60_000);

  it('still answers a whitelisting by wallet with the wallet the sponsor gave, and its hash', async () => {
    const eve = await createTestUser(platform.ctx);
    const run = await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
      earnerAccount: eve.address,
      badgeOnChainId: badge.onChainId,
      email: sponsor.email,
    });
    expect(run.outcome.status).toBe('COMPLETED');
    expect(run.outcome.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(run.outcome.events).toEqual([
      expect.objectContaining({
        eventName: 'EarnerWhitelisted',
        args: expect.objectContaining({ earner: eve.address }),
      }),
    ]);
  }, 30_000);

  it('answers the sponsor eligibility only of a wallet that applied to the badge, and alike of every other', async () => {
    // Ada applies (whitelisted by wallet first); Cy is whitelisted, never applied.
    await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
      earnerAccount: ada.address,
      badgeOnChainId: badge.onChainId,
      email: sponsor.email,
    });
    const { application } = await applyFor(request, ada, badge, { fullName: 'Ada Lovelace' });
    const fresh = await createTestUser(platform.ctx);
    const of = (account: string) =>
      rawCall(sponsor, 'GET', `/gs-api/badge/applicationlist/${badge._id}/${account}`);
    const applied = JSON.parse((await of(ada.address)).text) as {
      data: { eligible: boolean; application: { _id: string } | null };
    };
    expect(applied.data).toMatchObject({ eligible: false, application: { _id: application._id } });
    const nobody = await of(privateKeyToAddress(generatePrivateKey()));
    expect(nobody).toEqual({
      status: 200,
      text: JSON.stringify({
        message: 'Application',
        data: { eligible: false, application: null },
      }),
    });
    // An earner who never applied, a whitelisted one, a sponsor: all answered as nobody.
    for (const account of [fresh.address, cy.address, otherSponsor.address, sponsor.address]) {
      expect(await of(account)).toEqual(nobody);
    }
    // The earner still learns whether they may apply.
    expect(
      (await as(fresh, 'GET', `/gs-api/badge/applicationlist/${badge._id}/${fresh.address}`)).data,
    ).toEqual({
      eligible: true,
      application: null,
    });
  }, 60_000);

  it('spends no chain transaction on an invitee whitelisted already', async () => {
    const [fay, gil] = [await createTestUser(platform.ctx), await createTestUser(platform.ctx)];
    await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: `${fay.email}\n${gil.email}`,
    });
    for (const invitee of [fay, gil]) expect((await answer(invitee, true)).status).toBe(200);
    // Fay gets whitelisted by wallet meanwhile.
    await runAction(request, sponsor, 'POST', '/gs-api/badge/whitelist', {
      earnerAccount: fay.address,
      badgeOnChainId: badge.onChainId,
      email: sponsor.email,
    });
    const run = await whitelistAccepted([fay.email, gil.email]);
    expect(run.consent.description).toMatch(/^Whitelist 1 invitee who accepted/);
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await isWhitelisted(gil.address)).toBe(true);
    // Both are whitelisted now: nothing left to consent to.
    const consentsBefore = await consentsOf(sponsor);
    expect(
      await as(sponsor, 'POST', '/gs-api/badge/whitelist/invitations/accepted', {
        badgeId: badge._id,
        emails: [fay.email, gil.email],
      }),
    ).toMatchObject({ status: 409, message: CSV.noneAccepted });
    expect(await consentsOf(sponsor)).toBe(consentsBefore);
    // Another sponsor cannot whitelist this badge's invitees.
    expect(
      await as(otherSponsor, 'POST', '/gs-api/badge/whitelist/invitations/accepted', {
        badgeId: badge._id,
        emails: [gil.email],
      }),
    ).toMatchObject({ status: 403 });
  }, 60_000);

  it('lets no sponsor whitelist an email through an invitation of another badge', async () => {
    const own = await publishApprovedBadge(request, otherSponsor, admin, {
      name: 'Elsewhere',
      badgeAccess: 'private',
    });
    const hal = await createTestUser(platform.ctx);
    await as(sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: hal.email,
    });
    expect((await answer(hal, true)).status).toBe(200);
    // Hal accepted this sponsor's badge, not the other's.
    expect(
      await as(otherSponsor, 'POST', '/gs-api/badge/whitelist/invitations/accepted', {
        badgeId: own._id,
        emails: [hal.email],
      }),
    ).toMatchObject({ status: 409, message: CSV.noneAccepted });
  }, 60_000);
});

describe('whitelist CSV calls per sponsor', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform(
    (cast) => {
      ({ platform, sponsor, otherSponsor, badge } = cast);
    },
    { WHITELIST_CSV_CALLS_PER_HOUR: '3' },
  );

  it('refuses a sponsor past the hourly allowance, and only that sponsor', async () => {
    const previewAs = (caller: TestUser) =>
      platform.request('/gs-api/badge/whitelist/csv/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...caller.authorization },
        body: JSON.stringify({ badgeOnChainId: badge.onChainId, csv: neverRegistered() }),
      });
    for (let i = 0; i < 3; i += 1) expect((await previewAs(sponsor)).status).toBe(200);
    const refused = await previewAs(sponsor);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts/);
    // Another sponsor has an allowance of their own (answered for their badge: 403, not 429).
    expect((await previewAs(otherSponsor)).status).toBe(403);
  }, 30_000);
});

describe('whitelist CSV calls per IP', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let otherSponsor: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform(
    (cast) => {
      ({ platform, sponsor, otherSponsor, badge } = cast);
    },
    { WHITELIST_CSV_CALLS_PER_HOUR: '100', RATE_LIMIT_IP_MAX: '3', TRUST_PROXY: '1' },
  );

  it('refuses every sponsor of one host past its allowance, each sponsor within their own', async () => {
    const previewAs = (caller: TestUser, ip: string) =>
      platform.request('/gs-api/badge/whitelist/csv/preview', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          ...caller.authorization,
        },
        body: JSON.stringify({ badgeOnChainId: badge.onChainId, csv: neverRegistered() }),
      });
    const host = '2001:db8:7:7::1';
    expect((await previewAs(sponsor, host)).status).toBe(200);
    expect((await previewAs(sponsor, '2001:db8:7:7::2')).status).toBe(200);
    // The other sponsor's call from the same /64 is counted with them (answered: 403, their badge is not this one).
    expect((await previewAs(otherSponsor, '2001:db8:7:7::3')).status).toBe(403);
    const refused = await previewAs(sponsor, host);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts/);
    expect((await previewAs(otherSponsor, host)).status).toBe(429);
    // Another host keeps its allowance.
    expect((await previewAs(sponsor, '198.51.100.7')).status).toBe(200);
  }, 30_000);
});
