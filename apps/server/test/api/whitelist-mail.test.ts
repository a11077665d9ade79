// A whitelisted earner is taken to the badge: once the whitelisting is on
// chain, by address, from a CSV file's wallets or as an invitee who accepted,
// the worker mails each earner the badge's link; an email in a file gets the
// invitation instead, and nobody whitelisted gets no mail. Through the HTTP
// API, the real chain and the worker's mail delivery.
import { describe, expect, it } from 'vitest';
import { createTestUser, waitForOutcome } from '../helpers/accounts.ts';
import type { Badge } from '@gets/schema';
import type { TestPlatform } from '../helpers/test-platform.ts';
import type { TestUser } from '../helpers/accounts.ts';
import { call, runAction } from '../helpers/badges.ts';
import { useWhitelistCsvPlatform, whitelistCsvCalls } from '../helpers/whitelist-csv.ts';
import { WHITELISTED_SUBJECT } from '../../src/modules/applications/whitelist-mail.ts';
import { INVITATION_SUBJECT } from '../../src/modules/applications/invitation-mail.ts';

describe('the mail of a whitelisted earner', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let ada: TestUser;
  let bob: TestUser;
  let cy: TestUser;
  let badge: Badge;
  useWhitelistCsvPlatform((cast) => {
    ({ platform, sponsor, ada, bob, cy, badge } = cast);
  });
  const { mailsTo, deliveredTo, queuedTo, isWhitelisted, eventually, answer, whitelistAccepted } =
    whitelistCsvCalls(
      () => platform,
      () => sponsor,
      () => badge,
    );
  const badgeUrl = () => `${platform.ctx.publicUrl()}/badge/${badge._id}`;

  it('takes an earner whitelisted by address to the badge, with its link', async () => {
    const [mail, ...more] = await deliveredTo(cy.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(WHITELISTED_SUBJECT);
    expect(mail!.text_body).toContain('"Invitation Only"');
    expect(mail!.text_body).toContain(badgeUrl());
    expect(badgeUrl()).toMatch(/^https?:\/\/[^/]+\/badge\/[0-9a-f-]{36}$/);
    // Nobody else was whitelisted: nobody else is mailed.
    expect(await mailsTo(ada.email)).toEqual([]);
    expect(await mailsTo(sponsor.email)).toEqual([]);
  });

  it('mails each earner of a CSV file (by wallet, or invited by email and accepted) the link, once on chain', async () => {
    const run = await runAction(platform.request, sponsor, 'POST', '/gs-api/badge/whitelist/csv', {
      badgeOnChainId: badge.onChainId,
      csv: [ada.email, bob.address].join('\n'),
    });
    expect(run.outcome.status).toBe('COMPLETED');
    expect(await isWhitelisted(bob.address)).toBe(true);
    // Ada was invited: her wallet waits for her answer, and her mail is the invitation.
    expect(await isWhitelisted(ada.address)).toBe(false);
    expect((await deliveredTo(ada.email)).map((mail) => mail.subject)).toEqual([
      INVITATION_SUBJECT,
    ]);
    expect((await answer(ada, true)).status).toBe(200);
    expect((await whitelistAccepted([ada.email])).outcome.status).toBe('COMPLETED');
    for (const earner of [ada, bob]) {
      await eventually(async () =>
        expect((await mailsTo(earner.email)).map((mail) => mail.subject)).toContain(
          WHITELISTED_SUBJECT,
        ),
      );
      const mail = (await mailsTo(earner.email)).find((m) => m.subject === WHITELISTED_SUBJECT);
      expect(mail!.text_body).toContain('Hello Test User,');
      expect(mail!.text_body).toContain(badgeUrl());
    }
    // Cy was whitelisted before and is not in the file: still one mail.
    expect(await mailsTo(cy.email)).toHaveLength(1);
  }, 60_000);
  it('mails an earner once per badge, however often the sponsor puts the whitelisting on chain', async () => {
    // Two consents asked before either is used (a second tab, a double click):
    // both pass the "already whitelisted" check, and both reach the chain.
    const dee = await createTestUser(platform.ctx);
    const body = {
      earnerAccount: dee.address,
      badgeOnChainId: badge.onChainId,
      email: sponsor.email,
    };
    const whitelist = (extra: Record<string, unknown> = {}) =>
      call(platform.request, sponsor, 'POST', '/gs-api/badge/whitelist', { ...body, ...extra });
    const consents = [await whitelist(), await whitelist()];
    for (const consent of consents) {
      const queued = await whitelist({ consentToken: consent.data.consentToken });
      expect(queued.status).toBe(200);
      const outcome = await waitForOutcome(platform.request, sponsor, queued.data.transactionId);
      expect(outcome.status).toBe('COMPLETED');
    }
    // Each completion queues its mails in its own transaction: all are queued by now.
    expect(await queuedTo(dee.email)).toHaveLength(1);
    const [mail, ...more] = await deliveredTo(dee.email);
    expect(mail!.subject).toBe(WHITELISTED_SUBJECT);
    expect(more).toEqual([]);
  }, 60_000);
});
