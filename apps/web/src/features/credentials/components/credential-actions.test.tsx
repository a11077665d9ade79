import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEYS, type EarnerCredential } from '@gets/schema';
import { CredentialActions } from './credential-actions';

const credential: EarnerCredential = {
  id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
  awardId: 'award-1',
  badgeId: 'b1',
  badgeName: 'Compiler Pioneer',
  sponsorName: 'Navy Computing Lab',
  issuerName: 'GETS Badges',
  issuedAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2027-09-30T00:00:00.000Z',
  revokedAt: null,
  status: 'active',
  verifyUrl: 'https://badges.example.org/verify/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
  jsonUrl: 'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
  jwtUrl: 'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10/jwt',
  dataIntegrityUrl:
    'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10/data-integrity',
  pngUrl: 'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10/png',
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the earner credential actions', () => {
  it('fills LinkedIn’s add-certification form with name, organisation, dates, id and URL', () => {
    render(<CredentialActions credential={credential} />);
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'Add to LinkedIn profile' });
    const url = new URL(link.href);
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Compiler Pioneer',
      organizationName: 'Navy Computing Lab',
      issueYear: '2025',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '9',
      certUrl: credential.verifyUrl,
      certId: credential.id,
    });
    expect(link.target).toBe('_blank');
  });

  it('copies the verification link', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CredentialActions credential={credential} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(credential.verifyUrl);
  });

  it('downloads the baked image with the earner’s session', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.user,
      JSON.stringify({ token: 'earner-token', user: {} }),
    );
    const fetch = vi.fn().mockResolvedValue(new Response('png-bytes'));
    vi.stubGlobal('fetch', fetch);
    URL.createObjectURL = vi.fn(() => 'blob:badge');
    URL.revokeObjectURL = vi.fn();
    render(<CredentialActions credential={credential} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download image' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/gs-api/credentials/${credential.id}/png`);
    expect(init.headers).toEqual({ Authorization: 'Bearer earner-token' });
  });
});
