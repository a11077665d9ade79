// The invitation mail of a whitelist CSV, to an email without an account. The
// sponsor's name and the badge's name are the sponsor's own words, so they go
// only into the body: on one line in the text part, HTML-escaped in the HTML
// part. The subject is the platform's fixed text. Every invitation carries its
// own unsubscribe link, in the body and as List-Unsubscribe.
import { PRODUCT_NAME, UNSUBSCRIBE_PATH } from '@gets/schema';
import escapeHtml from 'escape-html';
import type { MailMessage } from '../../mail/mailer.ts';

export const INVITATION_SUBJECT = `You are invited to earn a badge on ${PRODUCT_NAME}`;

/** A user's words on one line: a line break (or another control character) could fake a line of its own. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

export interface Invitation {
  to: string;
  sponsorName: string;
  badgeName: string;
  badgeId: string;
  unsubscribeToken: string;
  /** The platform's public base URL; links are relative without one. */
  baseUrl: string | undefined;
}

export function invitationMail(invitation: Invitation): MailMessage {
  const base = invitation.baseUrl ?? '';
  const register = `${base}/register?next=${encodeURIComponent(`/badge/${invitation.badgeId}`)}`;
  const unsubscribe = `${base}${UNSUBSCRIBE_PATH}?token=${invitation.unsubscribeToken}`;
  const sponsor = oneLine(invitation.sponsorName);
  const badge = oneLine(invitation.badgeName);
  const text = [
    `${sponsor} invites you to apply for the private badge "${badge}" on ${PRODUCT_NAME}.`,
    '',
    `Register as an earner with this email address (${invitation.to}), then open the badge to apply:`,
    register,
    '',
    'Once you have registered, the sponsor whitelists your new wallet and you can apply.',
    'If you do not know this sponsor, you can ignore this email.',
    '',
    `To receive no more invitations from ${PRODUCT_NAME} sponsors, unsubscribe:`,
    unsubscribe,
  ].join('\n');
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${h(sponsor)} invites you to apply for the private badge &ldquo;${h(badge)}&rdquo; on ${h(PRODUCT_NAME)}.</p>`,
    `<p>Register as an earner with this email address (${h(invitation.to)}), then open the badge to apply:<br>`,
    `<a href="${h(register)}">${h(register)}</a></p>`,
    '<p>Once you have registered, the sponsor whitelists your new wallet and you can apply.<br>',
    'If you do not know this sponsor, you can ignore this email.</p>',
    `<p style="color: #555; font-size: 12px">To receive no more invitations from ${h(PRODUCT_NAME)} sponsors, <a href="${h(unsubscribe)}">unsubscribe</a>.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: invitation.to,
    subject: INVITATION_SUBJECT,
    text,
    html,
    // A header's link must be absolute; without a public URL it is in the body only.
    ...(/^https?:\/\//.test(unsubscribe) ? { unsubscribeUrl: unsubscribe } : {}),
    consoleLine: `Invitation to ${invitation.to}: ${register}`,
  };
}
