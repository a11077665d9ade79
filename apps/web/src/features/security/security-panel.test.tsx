// The Security section through the real routes (/profile, /admin/security),
// with the API stubbed and the browser's passkey calls mocked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  EXPORT_PASSPHRASE_MIN_LENGTH,
  SECURITY_MESSAGES,
  type SecurityOverview,
} from '@gets/schema';
import { storeAdminSession, stubApi } from '@/test/api-stub';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const ATTESTATION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'cd', attestationObject: 'ao' },
  clientExtensionResults: {},
};
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig' },
  clientExtensionResults: {},
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-1234${i}`);

function overview(overrides: Partial<SecurityOverview> = {}): SecurityOverview {
  return {
    passkeys: [],
    totp: { enabled: false, enabledAt: null },
    recoveryCodes: { remaining: 0, createdAt: null },
    hasSecondFactor: false,
    factorRequired: false,
    walletExport: { allowed: true, reason: null },
    recentActivity: [],
    ...overrides,
  };
}

const WITH_PASSKEY = overview({
  passkeys: [{ id: 'pk1', name: 'Laptop', createdAt: '2025-01-02T10:00:00Z', lastUsedAt: null }],
  recoveryCodes: { remaining: 7, createdAt: '2025-01-02T10:00:00Z' },
  hasSecondFactor: true,
});

const SESSIONS = [
  {
    id: 's1',
    browser: 'Firefox',
    system: 'Linux',
    network: '192.0.2.0/24',
    signedInAt: '2025-01-02T10:00:00Z',
    lastActiveAt: '2025-01-03T10:00:00Z',
    current: true,
  },
  {
    id: 's2',
    browser: 'Safari',
    system: 'iPhone',
    network: '198.51.100.0/24',
    signedInAt: '2025-01-01T10:00:00Z',
    lastActiveAt: '2025-01-01T11:00:00Z',
    current: false,
  },
];

beforeEach(() => {
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startRegistration.mockResolvedValue(ATTESTATION);
  webauthn.startAuthentication.mockResolvedValue(ASSERTION);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const openProfile = async () => {
  storeUserSession(EARNER);
  renderRoute('/profile');
  return screen.findByRole('heading', { name: 'Security' });
};

describe('the Security section of /profile', () => {
  it('adds a first passkey without a proof, names it, and shows the recovery codes once', async () => {
    const api = stubApi({
      'GET /security': { data: overview() },
      'GET /security/sessions': { data: SESSIONS },
      'POST /security/passkeys/options': { data: { challenge: 'reg-challenge' } },
      'POST /security/passkeys': {
        message: SECURITY_MESSAGES.passkeyAdded,
        data: { passkey: WITH_PASSKEY.passkeys[0], recoveryCodes: CODES },
      },
    });
    await openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const naming = await screen.findByRole('dialog', { name: 'Name your passkey' });
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'reg-challenge' },
    });
    expect(api.callsTo('POST', '/security/passkeys/options')[0]?.body).toEqual({});
    const name = within(naming).getByLabelText('Passkey name');
    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(within(naming).getByRole('button', { name: 'Save passkey' }));
    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(api.callsTo('POST', '/security/passkeys')[0]?.body).toEqual({
      name: 'Work laptop',
      attestation: ATTESTATION,
    });
    expect(within(codes).getByText(SECURITY_MESSAGES.recoveryCodesCreated)).toBeTruthy();
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(codes).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(codes).getByRole('button', { name: 'Download (.txt)' })).toBeTruthy();
  });

  it('confirms a change with a code once a factor exists, and lets a wrong code be tried again', async () => {
    let tries = 0;
    const api = stubApi({
      'GET /security': { data: WITH_PASSKEY },
      'GET /security/sessions': { data: SESSIONS },
      'POST /security/totp/setup': () =>
        ++tries === 1
          ? {
              status: 401,
              message: SECURITY_MESSAGES.wrongCode,
              data: {
                secondFactorRequired: true,
                kinds: ['passkey', 'recoveryCode'],
                passkey: null,
              },
            }
          : {
              data: {
                secret: 'JBSWY3DPEHPK3PXP',
                otpauthUri: 'otpauth://totp/GETS:ada?secret=JBSWY3DPEHPK3PXP',
              },
            },
      'POST /security/totp/confirm': { data: { recoveryCodes: null } },
    });
    await openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const step = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(within(step).getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(within(step).getByLabelText('Recovery code'), {
      target: { value: 'abcde-00000' },
    });
    fireEvent.click(within(step).getByRole('button', { name: 'Confirm' }));
    expect(await within(step).findByText(SECURITY_MESSAGES.wrongCode)).toBeTruthy();
    // Still logged in: a refused factor is not an ended session.
    expect(window.localStorage.getItem('auth')).not.toBeNull();
    fireEvent.change(within(step).getByLabelText('Recovery code'), {
      target: { value: 'abcde-11111' },
    });
    fireEvent.click(within(step).getByRole('button', { name: 'Confirm' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(api.callsTo('POST', '/security/totp/setup')[1]?.body).toEqual({
      recoveryCode: 'abcde-11111',
    });
    expect(within(setup).getByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(within(setup).getByLabelText<HTMLInputElement>('Secret key').value).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    fireEvent.change(within(setup).getByLabelText('Code from the app'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set up authenticator app' })).toBeNull(),
    );
    expect(api.callsTo('POST', '/security/totp/confirm')[0]?.body).toEqual({ code: '123456' });
  });

  it('removes a passkey after the person confirms with their passkey (a fresh step-up challenge)', async () => {
    const api = stubApi({
      'GET /security': { data: WITH_PASSKEY },
      'GET /security/sessions': { data: SESSIONS },
      'POST /security/step-up/options': {
        data: { secondFactorRequired: true, kinds: ['passkey'], passkey: { challenge: 'step-up' } },
      },
      'DELETE /security/passkeys/pk1': { data: null },
    });
    await openProfile();
    const item = await screen.findByRole('listitem', { name: 'Laptop' });
    expect(within(item).getByText(/Last used never/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    const step = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.click(within(step).getByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/security/passkeys/pk1')).toHaveLength(1));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'step-up' },
    });
    expect(api.callsTo('DELETE', '/security/passkeys/pk1')[0]?.body).toEqual({
      webauthn: ASSERTION,
    });
    expect(screen.getByText('7 of 10 recovery codes left.', { exact: false })).toBeTruthy();
  });

  it('lists the sessions with this device marked, and signs out one or every other', async () => {
    const api = stubApi({
      'GET /security': { data: overview() },
      'GET /security/sessions': { data: SESSIONS },
      'DELETE /security/sessions/s2': { data: null },
      'POST /security/sessions/sign-out-others': { data: null },
    });
    await openProfile();
    const mine = await screen.findByRole('listitem', { name: 'Firefox on Linux' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Sign out' })).toBeNull();
    const other = screen.getByRole('listitem', { name: 'Safari on iPhone' });
    fireEvent.click(within(other).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/security/sessions/s2')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/security/sessions/sign-out-others')).toHaveLength(1),
    );
  });

  it('lists the latest security changes, newest first, with when, from which network and, for a sign-in, which browser', async () => {
    stubApi({
      'GET /security': {
        data: overview({
          recentActivity: [
            {
              event: 'sign-in.new-browser',
              at: '2025-01-04T08:00:00Z',
              network: '198.51.100.0/24',
              device: 'Firefox 128 on Linux',
            },
            {
              event: 'wallet.export',
              at: '2025-01-03T09:30:00Z',
              network: '203.0.113.0/24',
              device: null,
            },
            { event: 'passkey.add', at: '2025-01-02T10:00:00Z', network: null, device: null },
          ],
        }),
      },
      'GET /security/sessions': { data: SESSIONS },
    });
    await openProfile();
    const section = await screen.findByRole('region', { name: 'Recent security activity' });
    const changes = within(section).getAllByRole('listitem');
    expect(changes.map((change) => change.textContent)).toEqual([
      expect.stringMatching(
        /^Signed in from a new browserFirefox 128 on Linux.*2025.*Network 198\.51\.100\.0\/24$/,
      ),
      expect.stringMatching(/^Wallet exported.*2025.*Network 203\.0\.113\.0\/24$/),
      expect.stringMatching(/^Passkey added.*2025/),
    ]);
    expect(changes[2]!.textContent).not.toContain('Network');
  });

  it('says what the activity list will show before there is any', async () => {
    stubApi({
      'GET /security': { data: overview() },
      'GET /security/sessions': { data: SESSIONS },
    });
    await openProfile();
    const section = await screen.findByRole('region', { name: 'Recent security activity' });
    expect(within(section).getByText(/^Nothing yet\./)).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
  });

  it('exports the wallet without a factor: passphrases must match, then password and a mailed code', async () => {
    const createObjectURL = vi.fn(() => 'blob:keystore');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = stubApi({
      'GET /security': { data: overview() },
      'GET /security/sessions': { data: SESSIONS },
      'POST /security/wallet-export/code': { message: 'We sent you a code', data: null },
      'POST /security/wallet-export': {
        data: { address: EARNER.account, fileName: 'wallet.json', keystore: { version: 3 } },
      },
    });
    await openProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Export wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export wallet' });
    expect(
      within(dialog).getByText(/Whoever has this file and its passphrase controls your tokens/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/keeps its own copy/)).toBeTruthy();
    const passphrase = 'x'.repeat(EXPORT_PASSPHRASE_MIN_LENGTH);
    fireEvent.change(within(dialog).getByLabelText('Passphrase'), {
      target: { value: passphrase },
    });
    fireEvent.change(within(dialog).getByLabelText('Confirm passphrase'), {
      target: { value: `${passphrase}y` },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Secret-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export wallet' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.passphraseMismatch)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Confirm passphrase'), {
      target: { value: passphrase },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/security/wallet-export/code')).toHaveLength(1),
    );
    fireEvent.change(within(dialog).getByLabelText('Email code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export wallet' }));
    await waitFor(() => expect(api.callsTo('POST', '/security/wallet-export')).toHaveLength(1));
    expect(api.callsTo('POST', '/security/wallet-export')[0]?.body).toEqual({
      passphrase,
      password: 'Secret-1',
      emailCode: '123456',
    });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});

describe('/admin/security', () => {
  it('prompts an admin who must enrol, and says an admin wallet cannot be exported', async () => {
    storeAdminSession();
    stubApi({
      'GET /security': {
        data: overview({
          factorRequired: true,
          walletExport: { allowed: false, reason: SECURITY_MESSAGES.adminWalletNotExportable },
        }),
      },
      'GET /security/sessions': { data: SESSIONS },
      'GET /admin/pending-sponsors': { data: [] },
    });
    renderRoute('/admin/security');
    expect(await screen.findByText(SECURITY_MESSAGES.adminFactorRequired)).toBeTruthy();
    expect(screen.getByText(SECURITY_MESSAGES.adminWalletNotExportable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});
