// The whitelisted earner's mail: the badge's link, the names a user typed on
// one line and escaped in HTML, never in the subject.
import { describe, expect, it } from 'vitest';
import { WHITELISTED_SUBJECT, whitelistedMail } from './whitelist-mail.ts';

describe('whitelistedMail', () => {
  it("links to the badge and keeps the user's words out of the subject", () => {
    const mail = whitelistedMail({
      to: 'ada@example.net',
      fullName: 'Ada\r\nBcc: x@y.com',
      badgeName: '"><img src=x onerror=alert(1)>',
      badgeUrl: 'https://badges.example.org/badge/b1',
    });
    expect(mail.subject).toBe(WHITELISTED_SUBJECT);
    expect(mail.text).toContain('Hello Ada Bcc: x@y.com,');
    expect(mail.text).toContain('\nhttps://badges.example.org/badge/b1');
    expect(mail.html).toContain(
      '<a href="https://badges.example.org/badge/b1">https://badges.example.org/badge/b1</a>',
    );
    expect(mail.html).not.toContain('<img');
  });
});
