// The invitation mail: the subject is the platform's, the sponsor's and the
// badge's names only in the body (one line of text, escaped in HTML), and
// the unsubscribe link in the body and as List-Unsubscribe; an earner's
// address is asked to log in and answer, any other to register first.
import { describe, expect, it } from 'vitest';
import { INVITATION_SUBJECT, invitationMail, type Invitation } from './invitation-mail.ts';

const TOKEN = 'A'.repeat(43);
const invitation = (more: Partial<Invitation> = {}): Invitation => ({
  to: 'newcomer@example.net',
  sponsorName: 'Springfield School',
  badgeName: 'Engines',
  badgeId: 'b1',
  unsubscribeToken: TOKEN,
  baseUrl: 'https://badges.example.org',
  ...more,
});

describe('invitationMail', () => {
  it('invites to register and open the badge, with an unsubscribe link in the body and the header', () => {
    const mail = invitationMail(invitation());
    expect(mail.subject).toBe('You are invited to earn a badge on GETS Badges');
    expect(mail.text).toContain(
      'Springfield School invites you to apply for the private badge "Engines" on GETS Badges.',
    );
    expect(mail.text).toContain('https://badges.example.org/register?next=%2Fbadge%2Fb1');
    expect(mail.text).toContain(`https://badges.example.org/unsubscribe?token=${TOKEN}`);
    expect(mail.html).toContain(
      `<a href="https://badges.example.org/unsubscribe?token=${TOKEN}">unsubscribe</a>`,
    );
    expect(mail.unsubscribeUrl).toBe(`https://badges.example.org/unsubscribe?token=${TOKEN}`);
    expect(mail.text).toContain("then accept the invitation on the badge's page");
  });

  it("asks an earner's address to log in and answer on the badge's page, under the same subject", () => {
    const mail = invitationMail(invitation({ toEarner: true }));
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain(
      "Log in with this email address (newcomer@example.net), then accept or decline the invitation on the badge's page:",
    );
    expect(mail.text).toContain('https://badges.example.org/login?next=%2Fbadge%2Fb1');
    expect(mail.text).not.toContain('/register');
    expect(mail.unsubscribeUrl).toBe(`https://badges.example.org/unsubscribe?token=${TOKEN}`);
  });

  it("keeps the sponsor's words out of the subject, escaped in HTML and on one line of text", () => {
    const mail = invitationMail(
      invitation({
        sponsorName: 'Evil <script>alert(1)</script>\r\nBcc: x@y.com',
        badgeName: '"><img src=x onerror=alert(2)>\nSubject: hi',
      }),
    );
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; Bcc: x@y.com');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt; Subject: hi');
    // Plain text is not markup: the words stay as typed, but on the one line they were put on.
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe(
      'Evil <script>alert(1)</script> Bcc: x@y.com invites you to apply for the private badge ""><img src=x onerror=alert(2)> Subject: hi" on GETS Badges.',
    );
    expect(lines.filter((line) => /^(Bcc|Subject):/i.test(line))).toEqual([]);
  });

  it('gives no List-Unsubscribe header without an absolute link', () => {
    const mail = invitationMail(invitation({ baseUrl: undefined }));
    expect(mail.text).toContain(`/unsubscribe?token=${TOKEN}`);
    expect(mail.unsubscribeUrl).toBeUndefined();
  });
});
