import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { CredentialActions } from './credential-actions';
import { activeEarnerCredential } from './earner-credential.fixture';

const credential = activeEarnerCredential;

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

  it('offers a revoked credential for nothing but its verification page', () => {
    render(
      <CredentialActions
        credential={{
          ...credential,
          status: 'revoked',
          revokedAt: '2025-04-01T00:00:00.000Z',
          revocationReason: 'The badge was banned',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Verify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /LinkedIn/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
