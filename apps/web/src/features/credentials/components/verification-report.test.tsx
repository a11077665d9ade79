import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { VerificationReport as Report } from '@gets/schema';
import { VerificationReport } from './verification-report';

const check = (name: Report['checks'][number]['check'], title: string) => ({
  check: name,
  outcome: 'passed' as const,
  title,
  detail: `${title}: detail`,
});

const verified: Report = {
  verified: true,
  verdict: 'verified',
  notABadge: null,
  status: 'active',
  credential: {
    id: 'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
    badgeName: 'Compiler Pioneer',
    badgeDescription: null,
    badgeUrl: null,
    imageUrl: null,
    criteria: null,
    earnerName: 'Grace Hopper',
    earnerWallet: null,
    issuerName: 'GETS Badges',
    issuerId: 'https://badges.example.org/gs-api/credentials/issuer',
    sponsorName: 'Navy Computing Lab',
    issuedAt: '2025-03-01T10:00:00Z',
    expiresAt: null,
  },
  checks: [
    check('signature', 'Authentic'),
    check('schema', 'Open Badges 3.0'),
    check('issuer', 'GETS Badges'),
    check('validity', 'Valid'),
    check('status', 'Not revoked'),
    check('chain', 'Recorded on chain'),
  ],
  checkedAt: '2026-01-01T00:00:00.000Z',
};

describe('the verification report', () => {
  it('names each check: signature, format, issuer, validity dates, status, chain record', () => {
    render(<VerificationReport report={verified} />);
    expect(screen.getByRole('heading', { name: 'Verified' })).toBeTruthy();
    const checks = within(screen.getByRole('list', { name: 'Checks' }));
    expect(checks.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Signature: Authentic',
      'Format: Open Badges 3.0',
      'Issuer: GETS Badges',
      'Validity dates: Valid',
      'Status: Not revoked',
      'Chain record: Recorded on chain',
    ]);
  });

  it("another issuer's badge: not green, never Verified, named by its did:key, no image of its own", () => {
    const did = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const { container } = render(
      <VerificationReport
        report={{
          ...verified,
          verified: false,
          verdict: 'otherIssuer',
          credential: {
            ...verified.credential!,
            imageUrl: 'data:image/png;base64,AAAA',
            issuerName: null,
            issuerId: did,
          },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Signed by another issuer' })).toBeTruthy();
    expect(
      screen.getByText(
        'Its signature is valid, but GETS Badges did not issue it and cannot vouch for it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Verified' })).toBeNull();
    expect(screen.queryByText(/authentic, active and recorded on chain/)).toBeNull();
    expect(screen.getByText(did)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('status').className).not.toMatch(/emerald/);
  });

  it('says why something is not a badge, listing every check as skipped', () => {
    const reason =
      'This is a status list (BitstringStatusListCredential): it publishes which credentials were revoked, and is not a badge.';
    render(
      <VerificationReport
        report={{
          ...verified,
          verified: false,
          verdict: 'notABadge',
          notABadge: reason,
          status: 'unknown',
          credential: null,
          checks: verified.checks.map((c) => ({
            ...c,
            outcome: 'skipped' as const,
            title: 'Not checked',
            detail: 'It is not a badge, so nothing of it was checked.',
          })),
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Not a badge' })).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    const checks = within(screen.getByRole('list', { name: 'Checks' }));
    expect(checks.getAllByRole('heading', { name: /Not checked$/ })).toHaveLength(6);
    expect(screen.queryByText(/Authentic/)).toBeNull();
  });

  it("wraps the chain record's wallet and hash, and every long value, so the page fits a 375 px phone", () => {
    const wallet = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const hash = `0x${'ab'.repeat(32)}`;
    const detail = `GETS 7 #1 was minted to the earner's wallet ${wallet} in transaction ${hash} on chain 137, and that wallet still holds it.`;
    render(
      <VerificationReport
        report={{
          ...verified,
          credential: {
            ...verified.credential!,
            earnerWallet: wallet,
            criteria: 'x'.repeat(120),
          },
          checks: [{ check: 'chain', outcome: 'passed', title: 'Recorded on chain', detail }],
        }}
      />,
    );
    // A long word breaks anywhere (overflow-wrap: anywhere, which also lowers
    // the item's smallest width), and each flex or grid item may shrink below
    // its longest word (min-width: 0): without both the hash widened the page to 637 px.
    const shown = screen.getByText(detail);
    expect(shown.className).toContain('[overflow-wrap:anywhere]');
    expect(shown.parentElement!.className).toContain('min-w-0');
    const walletValue = screen.getByText(wallet);
    expect(walletValue.className).toContain('break-all');
    expect(walletValue.parentElement!.className).toContain('min-w-0');
    const criteria = screen.getByText('x'.repeat(120));
    expect(criteria.className).toContain('[overflow-wrap:anywhere]');
    expect(criteria.closest('dl')!.className).toContain('min-w-0');
  });
});
