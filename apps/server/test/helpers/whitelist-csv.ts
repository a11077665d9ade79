// The set-up the whitelist-from-CSV files share (preview and confirm, mail
// delivery, limits, invitations answered, privacy): one platform per file
// with a small day's limit of invitations, a sponsor's private badge on which
// Cy is whitelisted already, and the calls and checks the tests make on it.
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { badgeEscrowAbi } from '@gets/contracts';
import {
  WHITELIST_CSV_MESSAGES as CSV,
  type Badge,
  type EarnerInvitation,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import { deliverQueuedMails } from '../../src/mail/mail-delivery.ts';
import { createTestUser, type TestUser } from './accounts.ts';
import { publishApprovedBadge } from './applications.ts';
import { adminCaller, call, runAction, type Caller } from './badges.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

/** A small day's limit, so the limit's edge is reached in a test. */
export const PER_DAY = 12;

export interface WhitelistCsvCast {
  platform: TestPlatform;
  /** The owner of `badge`, holding 1000 GETS. */
  sponsor: TestUser;
  otherSponsor: TestUser;
  admin: Caller;
  ada: TestUser;
  bob: TestUser;
  /** Whitelisted on `badge` already, the single way. */
  cy: TestUser;
  /** The sponsor's private badge "Invitation Only". */
  badge: Badge;
}

/**
 * Starts the file's platform (with `env` besides the small day's limit) and
 * its cast before the tests (handing them to `started`), stops it after.
 */
export function useWhitelistCsvPlatform(
  started: (cast: WhitelistCsvCast) => void,
  env: Record<string, string> = {},
): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform({
      INVITATIONS_PER_SPONSOR_PER_DAY: String(PER_DAY),
      ...env,
    });
    const request = platform.request;
    const sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '1000' });
    const otherSponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
    const admin = await adminCaller(platform.ctx);
    const [ada, bob, cy] = [
      await createTestUser(platform.ctx),
      await createTestUser(platform.ctx),
      await createTestUser(platform.ctx),
    ];
    const badge = await publishApprovedBadge(request, sponsor, admin, {
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
    started({ platform, sponsor, otherSponsor, admin, ada, bob, cy, badge });
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });
}

/** The calls and checks of the whitelist-from-CSV files, on what the getters answer. */
export function whitelistCsvCalls(
  platform: () => TestPlatform,
  sponsor: () => TestUser,
  badge: () => Badge,
) {
  const request = (path: string, init?: RequestInit) => platform().request(path, init);
  const as = (caller: Caller | null, method: string, path: string, body?: unknown) =>
    call(request, caller, method, path, body);
  const preview = (csv: string) =>
    as(sponsor(), 'POST', '/gs-api/badge/whitelist/csv/preview', {
      badgeOnChainId: badge().onChainId,
      csv,
    });
  const isWhitelisted = (address: `0x${string}`) =>
    platform().ctx.chain.publicClient.readContract({
      address: platform().ctx.contracts.badges,
      abi: badgeEscrowAbi,
      functionName: 'isWhitelisted',
      args: [BigInt(badge().onChainId!), address],
    });
  const mailsTo = async (email: string) =>
    platform().ctx.db.query<{ subject: string; text_body: string }>(
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
    platform().ctx.db.query<{
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
    const { mailer } = platform().ctx;
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
      sponsor(),
      'GET',
      `/gs-api/badge/whitelist/invitations?badgeId=${badge()._id}`,
    );
    return (answer.data as WhitelistInvitation[]).find((invitation) => invitation.email === email);
  };
  /** The earner's open invitations, as their dashboard reads them. */
  const invitationsOf = async (earner: Caller) =>
    (await as(earner, 'GET', '/gs-api/badge/invitations')).data as EarnerInvitation[];
  /** The earner accepts (or declines) their invitation to the badge. */
  const answer = (earner: Caller, accept: boolean, to = badge()) =>
    as(earner, 'POST', `/gs-api/badge/invitations/${accept ? 'accept' : 'decline'}`, {
      badgeId: to._id,
    });
  /** The sponsor whitelists the invitees of these emails who accepted, through consent. */
  const whitelistAccepted = (emails: string[], by = sponsor(), to = badge()) =>
    runAction(request, by, 'POST', '/gs-api/badge/whitelist/invitations/accepted', {
      badgeId: to._id,
      emails,
    });
  /** Confirms a file of one email: the body, to send again, once it is invited. */
  const inviteAlone = async (email: string, by = sponsor(), to = badge()) => {
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
    const [mail] = await platform().ctx.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_queue WHERE lower(to_address) = lower($1) ORDER BY created_at DESC',
      [email],
    );
    return /\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
  };
  const unsubscribe = (token: unknown) =>
    as(null, 'POST', '/gs-api/badge/whitelist/invitations/unsubscribe', { token });
  /** Moves the sponsor's invitations of this email back in time, as days passing would. */
  const ageInvitations = (email: string, days: number) =>
    platform().ctx.db.query(
      `UPDATE whitelist_invitations SET invited_at = invited_at - $2::int * interval '1 day'
          WHERE lower(email) = lower($1)`,
      [email, days],
    );
  /** Delivers what is due `ms` from now, as the worker would then. */
  const deliverLater = (ms: number) =>
    deliverQueuedMails(
      { db: platform().ctx.db, mailer: platform().ctx.mailer, log: { error: () => undefined } },
      () => new Date(Date.now() + ms),
    );

  return {
    request,
    as,
    preview,
    isWhitelisted,
    mailsTo,
    eventually,
    deliveredTo,
    queuedTo,
    refusingMailTo,
    invitee,
    invitationsOf,
    answer,
    whitelistAccepted,
    inviteAlone,
    previewOf,
    expectNothingToDo,
    unsubscribeTokenOf,
    unsubscribe,
    ageInvitations,
    deliverLater,
  };
}
