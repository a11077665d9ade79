// The mail an earner gets once a sponsor's whitelisting of their wallet is on
// chain (by address or from a CSV file): the badge's link, where they apply.
// Queued in the transaction that marks the whitelist COMPLETED, so it goes
// once and only after the earner can apply; once per badge and wallet, even
// when the same whitelisting reaches the chain twice. The badge's and the
// sponsor's names are user words: in the body only (one line; escaped in HTML).
import { PRODUCT_NAME } from '@gets/schema';
import escapeHtml from 'escape-html';
import type { Queryable } from '../../db/database.ts';
import { queueMails } from '../../mail/mail-queue-repository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { findUsersByEmailsOrAccounts } from '../accounts/user-repository.ts';
import { oneLine } from '../../mail/mail-text.ts';
import { recordWhitelistNotices } from './whitelist-notice-repository.ts';

export const WHITELISTED_SUBJECT = `You can apply for a private badge on ${PRODUCT_NAME}`;

export interface WhitelistedNotice {
  to: string;
  fullName: string;
  badgeName: string;
  /** The badge's page, absolute when the platform knows its public URL. */
  badgeUrl: string;
}

export function whitelistedMail(notice: WhitelistedNotice): MailMessage {
  const name = oneLine(notice.fullName);
  const badge = oneLine(notice.badgeName);
  const text = [
    `Hello ${name},`,
    '',
    `The sponsor of the private badge "${badge}" has whitelisted your wallet on ${PRODUCT_NAME}: you can now apply for it.`,
    '',
    `Open the badge to apply (log in first if you are asked to):`,
    notice.badgeUrl,
  ].join('\n');
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${h(name)},</p>`,
    `<p>The sponsor of the private badge &ldquo;${h(badge)}&rdquo; has whitelisted your wallet on ${h(PRODUCT_NAME)}: you can now apply for it.</p>`,
    `<p>Open the badge to apply (log in first if you are asked to):<br>`,
    `<a href="${h(notice.badgeUrl)}">${h(notice.badgeUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: notice.to,
    subject: WHITELISTED_SUBJECT,
    text,
    html,
    consoleLine: `Whitelisted ${notice.to}: ${notice.badgeUrl}`,
  };
}

/**
 * Queues the mail to each earner of these wallets (in the caller's
 * transaction), once per badge and wallet: a wallet whitelisted again is not
 * mailed again.
 */
export async function queueWhitelistedMails(
  tx: Queryable,
  whitelist: {
    badgeId: string;
    earners: string[];
    badgeName: string;
    badgeUrl: string | undefined;
  },
): Promise<void> {
  const { badgeUrl } = whitelist;
  // A whitelist queued before the link travelled with it mails nobody.
  if (!badgeUrl) return;
  const earners = (await findUsersByEmailsOrAccounts(tx, [], whitelist.earners)).flatMap((user) =>
    user.userType === 'EARNER' && user.account ? [{ ...user, account: user.account }] : [],
  );
  const unmailed = new Set(
    await recordWhitelistNotices(
      tx,
      whitelist.badgeId,
      earners.map((user) => user.account),
    ),
  );
  await queueMails(
    tx,
    earners
      .filter((user) => unmailed.has(user.account.toLowerCase()))
      .map((user) =>
        whitelistedMail({
          to: user.email,
          fullName: user.fullName,
          badgeName: whitelist.badgeName,
          badgeUrl,
        }),
      ),
  );
}
