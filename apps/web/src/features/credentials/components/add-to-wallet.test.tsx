import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import {
  ADD_TO_WALLET_TITLE,
  OPEN_IN_WALLET_LABEL,
  TX_CODE_LABEL,
  USE_TX_CODE_LABEL,
} from './add-to-wallet';
import { CredentialActions } from './credential-actions';
import { activeEarnerCredential } from './earner-credential.fixture';

const credential = activeEarnerCredential;

const offerUri =
  'openid-credential-offer://?credential_offer=%7B%22credential_issuer%22%3A%22https%3A%2F%2Fbadges.example.org%22%7D';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('Add to wallet', () => {
  it('asks for an offer with the earner’s session and shows it as a QR code and a link in a labelled dialog', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.user,
      JSON.stringify({ token: 'earner-token', user: {} }),
    );
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const fetch = vi.fn().mockResolvedValue(
      answer(200, {
        message: 'ok',
        data: { credentialId: credential.id, offerUri, expiresAt, txCode: null },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<CredentialActions credential={credential} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wallet' }));

    const dialog = screen.getByRole('dialog', { name: ADD_TO_WALLET_TITLE });
    const link = await within(dialog).findByRole<HTMLAnchorElement>('link', {
      name: OPEN_IN_WALLET_LABEL,
    });
    expect(link.getAttribute('href')).toBe(offerUri);
    // The QR code is drawn (an SVG of modules) once its code has loaded.
    const qrName = 'QR code that adds Compiler Pioneer to a wallet';
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: qrName }).tagName.toLowerCase()).toBe('svg'),
    );
    expect(within(dialog).getByRole('img', { name: qrName }).querySelector('path')).toBeTruthy();
    expect(dialog.textContent).toContain('works once');

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/gs-api/credentials/${credential.id}/offer`);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer earner-token');
    expect(JSON.parse(init.body as string)).toEqual({ txCode: false });
    // No transaction code was asked for: none is shown.
    expect(within(dialog).queryByText(TX_CODE_LABEL)).toBeNull();
  });

  it('asks for a new offer with a transaction code when the earner wants one, and shows the code labelled beside the QR code', async () => {
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      const { txCode } = JSON.parse(init.body as string) as { txCode: boolean };
      return Promise.resolve(
        answer(200, {
          message: 'ok',
          data: {
            credentialId: credential.id,
            offerUri,
            expiresAt,
            txCode: txCode ? '042917' : null,
          },
        }),
      );
    });
    vi.stubGlobal('fetch', fetch);
    render(<CredentialActions credential={credential} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wallet' }));
    const dialog = screen.getByRole('dialog', { name: ADD_TO_WALLET_TITLE });
    await within(dialog).findByRole('link', { name: OPEN_IN_WALLET_LABEL });

    const option = within(dialog).getByRole('checkbox', { name: USE_TX_CODE_LABEL });
    expect((option as HTMLInputElement).checked).toBe(false);
    fireEvent.click(option);
    expect(JSON.parse(fetch.mock.calls[1]![1].body as string)).toEqual({ txCode: true });

    // The code, under its visible label, with what to do with it.
    const label = await within(dialog).findByRole('term');
    expect(label.textContent).toBe(TX_CODE_LABEL);
    expect(within(dialog).getByRole('definition').textContent).toBe('042917');
    expect(dialog.textContent).toContain('Type it in your wallet when it asks.');
    expect(dialog.textContent).toContain('Keep both codes to yourself');
    expect(within(dialog).getByRole('link', { name: OPEN_IN_WALLET_LABEL })).toBeTruthy();

    // Unchecked again: a new offer without a code, and no code shown.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: USE_TX_CODE_LABEL }));
    await waitFor(() => expect(within(dialog).queryByRole('term')).toBeNull());
    expect(JSON.parse(fetch.mock.calls[2]![1].body as string)).toEqual({ txCode: false });
    await within(dialog).findByRole('link', { name: OPEN_IN_WALLET_LABEL });
  });

  it('says why when the server refuses, and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(409, { message: 'This credential was revoked' })),
    );
    render(<CredentialActions credential={credential} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to wallet' }));
    const dialog = screen.getByRole('dialog', { name: ADD_TO_WALLET_TITLE });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This credential was revoked',
    );
    expect(within(dialog).getByRole('button', { name: 'Make a new code' })).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: OPEN_IN_WALLET_LABEL })).toBeNull();
  });

  it('is not offered for a revoked credential', () => {
    render(
      <CredentialActions
        credential={{ ...credential, status: 'revoked', revokedAt: '2025-04-01T00:00:00.000Z' }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add to wallet' })).toBeNull();
  });
});
