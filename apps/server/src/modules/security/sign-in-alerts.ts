// Word of a sign-in from a browser the person has not signed in from before:
// a mail naming the browser, system, network and time, with a "This wasn't
// me" link that ends every session and asks for a new password. The very
// first sign-in of an account mails nobody (there is nothing to compare with).
// The link's token goes in the URL's fragment, never its query: a fragment is
// not sent to the server, so no request log, proxy or Referer carries it.
import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@gets/schema';
import escapeHtml from 'escape-html';
import type { AppContext } from '../../context.ts';
import { ipNetwork } from '../../http/ip-network.ts';
import { queueMails } from '../../mail/mail-queue-repository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { SignInMeta } from '../accounts/sessions.ts';
import { oneLine } from '../../mail/mail-text.ts';
import {
  findSubjectEmail,
  insertNotMeToken,
  recordSignInDevice,
  type Subject,
} from './session-repository.ts';
import { describeUserAgent, deviceKeyOf } from '../accounts/sign-in-device.ts';
import { recordSecurityEvent } from '../accounts/security-event-repository.ts';

export const NOT_ME_PATH = '/security/not-me';
export const NOT_ME_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const NOT_ME_TOKEN_BYTES = 32;
export const NEW_SIGN_IN_SUBJECT = `New sign-in to your ${PRODUCT_NAME} account`;

export const hashNotMeToken = (token: string) =>
  createHash('sha256').update(`not-me:${token}`).digest('hex');

export interface NewSignIn {
  to: string;
  browser: string;
  system: string;
  network: string;
  at: Date;
  notMeUrl: string;
}

/** "2025-11-28 09:18 UTC" */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function newSignInMail(sign: NewSignIn): MailMessage {
  // The user agent is the caller's words: one line, escaped in HTML.
  const facts = [
    ['Browser', oneLine(sign.browser)],
    ['System', oneLine(sign.system)],
    ['Network', sign.network],
    ['Time', utcMinute(sign.at)],
  ] as const;
  const text = [
    'Hello,',
    '',
    `Your ${PRODUCT_NAME} account (${sign.to}) was just signed in to from a browser it was not signed in from before:`,
    '',
    ...facts.map(([name, value]) => `  ${name}: ${value}`),
    '',
    'If this was you, there is nothing to do.',
    '',
    'If this wasn’t you, someone knows your password. Open this link to sign out every session of your account, then set a new password with "Forgot password":',
    sign.notMeUrl,
    '',
    'The link works once, for 7 days.',
  ].join('\n');
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Hello,</p>',
    `<p>Your ${h(PRODUCT_NAME)} account (${h(sign.to)}) was just signed in to from a browser it was not signed in from before:</p>`,
    '<ul>',
    ...facts.map(([name, value]) => `<li>${h(name)}: ${h(value)}</li>`),
    '</ul>',
    '<p>If this was you, there is nothing to do.</p>',
    '<p>If this wasn&rsquo;t you, someone knows your password. Sign out every session of your account, then set a new password with &ldquo;Forgot password&rdquo;:<br>',
    `<a href="${h(sign.notMeUrl)}">This wasn&rsquo;t me</a></p>`,
    '<p>The link works once, for 7 days.</p>',
    '</body></html>',
  ].join('\n');
  return {
    to: sign.to,
    subject: NEW_SIGN_IN_SUBJECT,
    text,
    html,
    consoleLine: `New sign-in for ${sign.to}: ${sign.notMeUrl}`,
  };
}

/**
 * Records the browser of this sign-in for the subject and, when it is new
 * and the subject signed in before, queues the mail (in the same
 * transaction: the device is recorded exactly when its mail is queued).
 */
export async function announceSignIn(
  deps: Pick<AppContext, 'db' | 'publicUrl'>,
  subject: Subject,
  meta: SignInMeta,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const seen = await recordSignInDevice(tx, subject, deviceKeyOf(meta));
    if (!seen.newDevice || !seen.signedInBefore) return;
    const device = describeUserAgent(meta.userAgent);
    const network = ipNetwork(meta.ip);
    // Listed in the person's security activity as the mail tells it.
    await recordSecurityEvent(tx, subject, 'sign-in.new-browser', { ...device }, network);
    const to = await findSubjectEmail(tx, subject);
    if (!to) return;
    const token = randomBytes(NOT_ME_TOKEN_BYTES).toString('base64url');
    await insertNotMeToken(tx, {
      tokenHash: hashNotMeToken(token),
      subject,
      ttlSeconds: NOT_ME_TOKEN_TTL_SECONDS,
    });
    await queueMails(tx, [
      newSignInMail({
        to,
        ...device,
        network,
        at: new Date(),
        notMeUrl: `${deps.publicUrl() ?? ''}${NOT_ME_PATH}#${token}`,
      }),
    ]);
  });
}
