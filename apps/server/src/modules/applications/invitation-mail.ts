// The invitation mail of a whitelist CSV. Every email of the file gets one,
// under the same subject and limits (decision 0063); its body fits the
// address: an earner's account is asked to log in and answer the invitation
// on the badge's page, any other address to register first. The sponsor
// never sees which went. The sponsor's name and the badge's name are the
// sponsor's own words, so they go only into the body: on one line in the
// text part, HTML-escaped in the HTML part. Every invitation carries its own
// unsubscribe link, in the body and as List-Unsubscribe.
import { PRODUCT_NAME, UNSUBSCRIBE_PATH } from '@gets/schema';
import escapeHtml from 'escape-html';
import type { MailMessage } from '../../mail/mailer.ts';
import { oneLine } from '../../mail/mail-text.ts';

export const INVITATION_SUBJECT = `You are invited to earn a badge on ${PRODUCT_NAME}`;

export interface Invitation {
  to: string;
  sponsorName: string;
  badgeName: string;
  badgeId: string;
  unsubscribeToken: string;
  /** The platform's public base URL; links are relative without one. */
  baseUrl: string | undefined;
  /** An earner's account uses this address: log in and answer, rather than register. */
  toEarner?: boolean;
}

export function invitationMail(invitation: Invitation): MailMessage {
  const base = invitation.baseUrl ?? '';
  const next = encodeURIComponent(`/badge/${invitation.badgeId}`);
  const link = `${base}/${invitation.toEarner ? 'login' : 'register'}?next=${next}`;
  const unsubscribe = `${base}${UNSUBSCRIBE_PATH}?token=${invitation.unsubscribeToken}`;
  const sponsor = oneLine(invitation.sponsorName);
  const badge = oneLine(invitation.badgeName);
  const how = invitation.toEarner
    ? `Log in with this email address (${invitation.to}), then accept or decline the invitation on the badge's page:`
    : `Register as an earner with this email address (${invitation.to}), then accept the invitation on the badge's page:`;
  const after = [
    "If you accept, the sponsor can put your wallet on the badge's whitelist (on the public chain) and you can apply.",
    'The sponsor sees that you accepted, and your wallet only once you apply.',
    'If you do not know this sponsor, you can ignore this email.',
  ];
  const text = [
    `${sponsor} invites you to apply for the private badge "${badge}" on ${PRODUCT_NAME}.`,
    '',
    how,
    link,
    '',
    ...after,
    '',
    `To receive no more invitations from ${PRODUCT_NAME} sponsors, unsubscribe:`,
    unsubscribe,
  ].join('\n');
  const h = escapeHtml;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${h(sponsor)} invites you to apply for the private badge &ldquo;${h(badge)}&rdquo; on ${h(PRODUCT_NAME)}.</p>`,
    `<p>${h(how)}<br>`,
    `<a href="${h(link)}">${h(link)}</a></p>`,
    `<p>${after.map(h).join('<br>\n')}</p>`,
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
    consoleLine: `Invitation to ${invitation.to}: ${link}`,
  };
}
