// /admin/login?invite=<token>#<secret>: the invited admin sets a password and
// lands in the admin area; a used or expired link says so.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_LOGIN_SECRET_HEADER, SESSION_STORAGE_KEYS, VALIDATION } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

const SECRET = 'the-admin-login-secret';
const PATH = `/admin/login?invite=invite-token-0123456789#${SECRET}`;

describe('the admin invitation', () => {
  it('sets the password with the reset rules and signs the admin in', async () => {
    const api = stubApi({
      'POST /admin-auth/admin-login-secret': { data: true },
      'POST /admin/invitation': { data: { email: 'new@example.org', expiresAt: '2030-01-01' } },
      'POST /admin/invitation/accept': {
        message: 'Welcome! Your admin password is set',
        data: {
          token: 'admin-token',
          expiresAt: '2030-01-01',
          adminDetails: { _id: 'a2', email: 'new@example.org', account: null },
        },
      },
      'GET /admin/sponsors/unapproved': { data: [] },
      'GET /admin/sponsors/verified': { data: [] },
    });
    const { router } = renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Set your admin password' })).toBeTruthy();
    expect(screen.getByText('new@example.org')).toBeTruthy();
    const password = screen.getByLabelText('New Password', { exact: true });
    fireEvent.change(password, { target: { value: 'weak' } });
    expect(await screen.findByText(VALIDATION.password.min)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'Str0ng!pass' } });
    fireEvent.change(screen.getByLabelText('Confirm Password', { exact: true }), {
      target: { value: 'Str0ng!pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    // A new admin enrols a second factor first (decision 0064).
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    const accept = api.callsTo('POST', '/admin/invitation/accept')[0]!;
    expect(accept.body).toEqual({ token: 'invite-token-0123456789', password: 'Str0ng!pass' });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.admin)).toContain('admin-token');
    expect(accept.headers.get(ADMIN_LOGIN_SECRET_HEADER)).toBe(SECRET);
  });

  it('says so when the link is used or expired', async () => {
    stubApi({
      'POST /admin-auth/admin-login-secret': { data: true },
      'POST /admin/invitation': {
        status: 404,
        message: 'This invitation link is not valid or has expired',
      },
    });
    renderRoute(PATH);
    expect(
      await screen.findByText('This invitation link is not valid or has expired!'),
    ).toBeTruthy();
  });
});
