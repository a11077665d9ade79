// /verify and /verify/{id} through the real route table, with the API stubbed:
// what a recruiter sees for each answer, and what the page sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VerificationReport } from '@gets/schema';
import { renderRoute } from '@/test/render-route';

const report = (overrides: Partial<VerificationReport> = {}): VerificationReport => ({
  verified: true,
  verdict: 'verified',
  notABadge: null,
  status: 'active',
  checkedAt: '2026-01-01T00:00:00.000Z',
  credential: {
    id: 'https://badges.example.org/gs-api/credentials/c1',
    badgeName: 'Compiler Pioneer',
    badgeDescription: 'Built the first compiler.',
    badgeUrl: 'https://badges.example.org/badge/b1',
    imageUrl: 'https://badges.example.org/gs-api/ipfs/bafkreiabc',
    criteria: 'Design and run a compiler.',
    earnerName: 'Grace Hopper',
    earnerWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    issuerName: 'GETS Badges',
    issuerId: 'https://badges.example.org/gs-api/credentials/issuer',
    sponsorName: 'Navy Computing Lab',
    issuedAt: '2025-03-01T10:00:00.000Z',
    expiresAt: null,
  },
  checks: [
    { check: 'signature', outcome: 'passed', title: 'Authentic', detail: 'Signature holds.' },
    { check: 'schema', outcome: 'passed', title: 'Open Badges 3.0', detail: 'Its form holds.' },
    { check: 'issuer', outcome: 'passed', title: 'GETS Badges', detail: 'Issued by GETS Badges.' },
    { check: 'validity', outcome: 'passed', title: 'Valid', detail: 'Valid since March 1.' },
    { check: 'status', outcome: 'passed', title: 'Not revoked', detail: 'Not revoked.' },
    { check: 'chain', outcome: 'passed', title: 'Recorded on chain', detail: 'Token #7.' },
  ],
  ...overrides,
});

function stubFetch(answer: (url: string, init: RequestInit) => { status?: number; body: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const { status = 200, body } = answer(url, init);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('/verify/{credentialId}', () => {
  it('shows the verdict, what the credential says and every check in words', async () => {
    const calls = stubFetch(() => ({ body: { message: 'ok', data: report() } }));
    renderRoute('/verify/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10');
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeTruthy();
    expect(calls[0]!.url).toBe('/gs-api/verify/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10');
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Navy Computing Lab')).toBeTruthy();
    const checks = within(screen.getByRole('list', { name: 'Checks' }));
    expect(checks.getByRole('heading', { name: 'Signature: Authentic' })).toBeTruthy();
    expect(checks.getByRole('heading', { name: 'Chain record: Recorded on chain' })).toBeTruthy();
  });

  it('says revoked when the issuer revoked it, and shows why a check failed', async () => {
    stubFetch(() => ({
      body: {
        message: 'ok',
        data: report({
          verified: false,
          verdict: 'revoked',
          status: 'revoked',
          checks: [
            ...report().checks.slice(0, 2),
            { check: 'status', outcome: 'failed', title: 'Revoked', detail: 'Revoked on May 1.' },
            report().checks[3]!,
          ],
        }),
      },
    }));
    renderRoute('/verify/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10');
    expect(await screen.findByRole('heading', { name: 'Revoked' })).toBeTruthy();
    expect(screen.getByText('Revoked on May 1.')).toBeTruthy();
  });

  it('shows the server message for a credential that does not exist', async () => {
    stubFetch(() => ({ status: 404, body: { message: 'Credential not found', data: null } }));
    renderRoute('/verify/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10');
    expect((await screen.findByRole('alert')).textContent).toBe('Credential not found');
  });
});

describe('/verify', () => {
  it('sends a dropped badge image as multipart and shows the answer', async () => {
    const calls = stubFetch(() => ({
      body: {
        message: 'ok',
        data: report({ verified: false, verdict: 'expired', status: 'expired' }),
      },
    }));
    renderRoute('/verify');
    const zone = await screen.findByRole('region', {
      name: 'Drop a badge image or credential file here',
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'badge.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('heading', { name: 'Expired' })).toBeTruthy();
    const body = calls[0]!.init.body as FormData;
    expect(calls[0]!.url).toBe('/gs-api/verify');
    expect((body.get('file') as File).name).toBe('badge.png');
  });

  it('sends a pasted JSON credential as { credential } and a pasted JWT as text', async () => {
    const calls = stubFetch(() => ({ body: { message: 'ok', data: report() } }));
    renderRoute('/verify');
    const paste = await screen.findByLabelText('Or paste a credential (JSON or JWT)');
    fireEvent.change(paste, { target: { value: '{"type":["VerifiableCredential"]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeTruthy();
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      credential: { type: ['VerifiableCredential'] },
    });

    fireEvent.change(paste, { target: { value: ' eyJ.abc.def ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual({ credential: 'eyJ.abc.def' });
  });

  it('shows the server message when what was given is not a credential', async () => {
    stubFetch(() => ({
      status: 400,
      body: { message: 'This image carries no Open Badges credential', data: null },
    }));
    renderRoute('/verify');
    fireEvent.change(await screen.findByLabelText('Choose a file'), {
      target: { files: [new File(['x'], 'plain.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This image carries no Open Badges credential',
    );
  });
});
