// Signing in with a second factor (issue 45): the password alone is answered
// "confirm it is you", the login goes again with the factor; "Sign in with a
// passkey"; the browser's id on sign-in calls; an admin who must enrol.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_LOGIN_SECRET_HEADER, SECURITY_MESSAGES } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { EARNER, renderRoute } from '@/test/render-route';

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const ASSERTION = {
  id: 'c',
  rawId: 'c',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const ASKED = {
  secondFactorRequired: true,
  kinds: ['passkey', 'totp', 'recoveryCode'],
  passkey: { challenge: 'login' },
};
const AUTH = {
  token: 'new-token',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: EARNER,
};

beforeEach(() => {
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startAuthentication.mockResolvedValue(ASSERTION);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('/login with a second factor', () => {
  it('asks for the factor, shows a wrong code, and signs in with the next one', async () => {
    const api = stubApi({
      'POST /metakeep/auth/login': (call) =>
        call.body?.totpCode === '123456'
          ? { message: 'Login successful', data: AUTH }
          : {
              status: 401,
              message: call.body?.totpCode
                ? SECURITY_MESSAGES.wrongCode
                : SECURITY_MESSAGES.loginSecondFactor,
              data: ASKED,
            },
    });
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Login' });
    fill('Email', 'ada@example.com');
    fill('Password', 'Secret-pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(SECURITY_MESSAGES.loginSecondFactor)).toBeTruthy();
    fill('Authenticator code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(SECURITY_MESSAGES.wrongCode)).toBeTruthy();
    fill('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const calls = api.callsTo('POST', '/metakeep/auth/login');
    expect(calls[2]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret-pass1',
      totpCode: '123456',
    });
    const id = calls[0]?.headers.get('X-Device-Id');
    expect(id).toMatch(/^[\w-]{16,}$/);
    expect(calls[2]?.headers.get('X-Device-Id')).toBe(id);
  });

  it('signs the challenge of the refusal with the passkey', async () => {
    const api = stubApi({
      'POST /metakeep/auth/login': (call) =>
        call.body?.webauthn
          ? { message: 'Login successful', data: AUTH }
          : { status: 401, message: SECURITY_MESSAGES.loginSecondFactor, data: ASKED },
    });
    const { router } = renderRoute('/login');
    await screen.findByRole('heading', { name: 'Login' });
    fill('Email', 'ada@example.com');
    fill('Password', 'Secret-pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'login' },
    });
    expect(api.callsTo('POST', '/metakeep/auth/login')[1]?.body).toMatchObject({
      webauthn: ASSERTION,
    });
  });

  it('signs in with a passkey alone', async () => {
    const api = stubApi({
      'POST /metakeep/auth/passkey/options': { data: { challenge: 'discoverable' } },
      'POST /metakeep/auth/passkey/login': { message: 'Login successful', data: AUTH },
    });
    const { router } = renderRoute('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/metakeep/auth/passkey/login')[0]?.body).toEqual({
      webauthn: ASSERTION,
    });
  });

  it('hides "Sign in with a passkey" where the browser has no WebAuthn', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    stubApi({});
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});

describe('/admin/login', () => {
  it('sends an admin who must enrol a factor to the admin Security page', async () => {
    const api = stubApi({
      'POST /admin-auth/admin-login-secret': { data: true },
      'POST /admin/adminLogin': {
        message: 'Login successful',
        data: { token: 'admin-token', adminDetails: { _id: 'a1', email: 'root@example.com' } },
      },
      'GET /security': {
        data: {
          passkeys: [],
          totp: { enabled: false, enabledAt: null },
          recoveryCodes: { remaining: 0, createdAt: null },
          hasSecondFactor: false,
          factorRequired: true,
          walletExport: { allowed: false, reason: SECURITY_MESSAGES.adminWalletNotExportable },
        },
      },
      'GET /security/sessions': { data: [] },
      'GET /admin/pending-sponsors': { data: [] },
    });
    const { router } = renderRoute('/admin/login#s3cret');
    const email = await screen.findByLabelText('Email', { exact: true });
    fireEvent.change(email, { target: { value: 'root@example.com' } });
    fill('Password', 'Secret-pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    const login = api.callsTo('POST', '/admin/adminLogin')[0];
    expect(login?.headers.get('X-Device-Id')).toBeTruthy();
    expect(login?.headers.get(ADMIN_LOGIN_SECRET_HEADER)).toBe('s3cret');
  });
});
