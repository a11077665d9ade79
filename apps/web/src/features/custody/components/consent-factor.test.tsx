// The consent dialog with a second factor: Confirm asks for it, sends it beside
// the consent token, and a refused factor keeps the dialog open to try again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { SECURITY_MESSAGES } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { apiRequest } from '@/lib/api-client';
import { stubApi, type StubCall } from '@/test/api-stub';
import { useChainAction } from '../hooks/use-chain-action';
import type { ChainActionError } from '../lib/chain-action-error';
import { closeAllStreams } from '../lib/transaction-stream';
import { ConsentDialog } from './consent-dialog';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const ASSERTION = {
  id: 'c',
  rawId: 'c',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const TOKEN = `consent-token-${'x'.repeat(20)}`;

function factorAction(kinds: string[], passkey: unknown) {
  const secondFactor = { secondFactorRequired: true, kinds, passkey };
  return (call: StubCall) => {
    if (!call.body?.consentToken) {
      return {
        message: 'Consent required',
        data: {
          consentToken: TOKEN,
          description: 'Send 5 GETS to 0x2222...2222',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          secondFactor,
        },
      };
    }
    if (call.body.totpCode === '000000') {
      return { status: 401, message: SECURITY_MESSAGES.wrongCode, data: secondFactor };
    }
    return { message: 'Refused for the test', status: 400 };
  };
}

function Harness() {
  const action = useChainAction({ auth: 'user', title: 'Give tokens' });
  const [result, setResult] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          action
            .run((consentToken) =>
              apiRequest('/token/transfer-token/metakeep', {
                method: 'POST',
                body: { amount: '5', consentToken },
              }),
            )
            .then(
              (tx) => setResult(tx.status),
              (error: ChainActionError) => setResult(error.kind),
            )
        }
      >
        Send
      </button>
      <output>{result}</output>
    </>
  );
}

const renderHarness = () => {
  window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
  render(
    <AppProvider>
      <Harness />
    </AppProvider>,
  );
};

afterEach(() => {
  closeAllStreams();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('a consent with a second factor', () => {
  it('asks for the authenticator code, shows a refusal in the dialog and sends the next code beside the token', async () => {
    const api = stubApi({ 'POST /token/transfer-token/metakeep': factorAction(['totp'], null) });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Give tokens' });
    const code = await within(dialog).findByLabelText('Authenticator code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.wrongCode)).toBeTruthy();
    // Still signed in, and the dialog still open for another try.
    expect(window.localStorage.getItem('auth')).not.toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Authenticator code'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/token/transfer-token/metakeep')).toHaveLength(3),
    );
    expect(api.callsTo('POST', '/token/transfer-token/metakeep')[2]?.body).toEqual({
      amount: '5',
      consentToken: TOKEN,
      totpCode: '123456',
    });
    expect(await screen.findByText('submit')).toBeTruthy();
  });

  it('confirms with the passkey of the consent when the person chooses it', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const api = stubApi({
      'POST /token/transfer-token/metakeep': factorAction(['passkey', 'totp'], {
        challenge: 'bound-to-consent',
      }),
    });
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Give tokens' });
    expect(await within(dialog).findByRole('radio', { name: 'Passkey' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/token/transfer-token/metakeep')).toHaveLength(2),
    );
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'bound-to-consent' },
    });
    expect(api.callsTo('POST', '/token/transfer-token/metakeep')[1]?.body).toEqual({
      amount: '5',
      consentToken: TOKEN,
      webauthn: ASSERTION,
    });
  });
});

describe('a consent for a person without a factor', () => {
  it('keeps the dialog as it is, with a note linking to the Security section', () => {
    render(
      <ConsentDialog
        open
        title="Give tokens"
        description="Send 5 GETS"
        expiresAt={new Date().toISOString()}
        submitting={false}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add one under Security' }).getAttribute('href')).toBe(
      '/profile#security',
    );
  });
});
