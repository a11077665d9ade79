// The accounts screens through the real route table, with the API stubbed.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_MARKER_KEY, SCREENS, SESSION_STORAGE_KEYS, VALIDATION } from '@gets/schema';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

type Answer = { status?: number; message?: string; data?: unknown };

/** Stubs fetch: `answers[path]` (without /gs-api) gives each call's answer. */
function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: { path: string; body: unknown; headers: Headers }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const path = url.replace('/gs-api', '').split('?')[0]!;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path, body, headers: new Headers(init.headers) });
    const found = answers[path];
    const answer = typeof found === 'function' ? found(body) : found;
    if (!answer)
      return Promise.resolve(new Response('{"message":"Route not found"}', { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify({ message: answer.message ?? 'ok', data: answer.data ?? null }), {
        status: answer.status ?? 200,
      }),
    );
  });
  return calls;
}

function storeAdminSession() {
  window.localStorage.setItem(
    SESSION_STORAGE_KEYS.admin,
    JSON.stringify({
      token: 'admin-token',
      adminDetails: { _id: 'a1', email: 'root@example.com' },
    }),
  );
  window.localStorage.setItem(ADMIN_MARKER_KEY, 'true');
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

describe('/register', () => {
  it('keeps "Register with OTP" disabled until the form is valid, with the spec messages', async () => {
    renderRoute('/register');
    const submit = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Register with OTP',
    });
    expect(submit.disabled).toBe(true);
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText(VALIDATION.email.invalid)).toBeTruthy();
    fireEvent.change(field('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(field('Full Name'), { target: { value: 'New Person' } });
    fireEvent.change(field('User Name'), { target: { value: 'newperson' } });
    fireEvent.change(field('Password'), { target: { value: 'weakpass' } });
    expect(await screen.findByText(VALIDATION.password.uppercase)).toBeTruthy();
    fireEvent.change(field('Password'), { target: { value: 'Strong-Pass1' } });
    fireEvent.change(field('Confirm Password'), { target: { value: 'Strong-Pass2' } });
    expect(await screen.findByText(VALIDATION.password.mustMatch)).toBeTruthy();
    fireEvent.change(field('Confirm Password'), { target: { value: 'Strong-Pass1' } });
    await waitFor(() => expect(screen.queryByText(VALIDATION.password.mustMatch)).toBeNull());
    expect(submit.disabled).toBe(true); // no user type yet
    fireEvent.change(screen.getByLabelText('User Type'), { target: { value: 'sponsor' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it('password fields have their own show/hide toggles', async () => {
    renderRoute('/register');
    await screen.findByLabelText('Password', { exact: true });
    expect(field('Password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    expect(field('Confirm Password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(field('Confirm Password').type).toBe('text');
  });

  it('sends a signed-in user to /dashboard', async () => {
    storeUserSession(EARNER);
    stubApi({});
    const { router } = renderRoute('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/login', () => {
  it('stores { token, user } and goes to /dashboard', async () => {
    const calls = stubApi({
      '/metakeep/auth/login': { data: { token: 't1', expiresAt: '', user: EARNER } },
    });
    const { router } = renderRoute('/login');
    fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
      target: { value: 'Ada@Example.com' },
    });
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    fireEvent.change(field('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'whatever' });
    const stored = JSON.parse(window.localStorage.getItem('auth')!) as { token: string };
    expect(stored.token).toBe('t1');
  });
});

describe('/dashboard landing decision', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows an admin who is signed in, with Log out', async () => {
    storeAdminSession();
    renderRoute('/dashboard');
    expect(await screen.findByText('root@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows a sponsor that is not approved the verification text after asking isApproved', async () => {
    storeUserSession({ ...EARNER, userType: 'SPONSOR', status: 'PENDING' });
    const calls = stubApi({ '/user/isApproved': { data: false } });
    renderRoute('/dashboard');
    expect(
      await screen.findByText(
        /Your account is currently under verification\. The admin will review/,
      ),
    ).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/user/isApproved');
  });

  it('stores APPROVED when isApproved answers true', async () => {
    storeUserSession({ ...EARNER, userType: 'SPONSOR', status: 'PENDING' });
    stubApi({ '/user/isApproved': { data: true } });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sponsor Dashboard' })).toBeTruthy();
    await waitFor(() =>
      expect(
        (JSON.parse(window.localStorage.getItem('auth')!) as { user: { status: string } }).user
          .status,
      ).toBe('APPROVED'),
    );
    expect(screen.queryByText(/under verification/)).toBeNull();
  });

  it('offers to register the wallet on chain only while the user has no onChainId', async () => {
    storeUserSession({ ...EARNER, onChainId: null });
    const first = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Earner Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register wallet' })).toBeTruthy();
    first.unmount();
    storeUserSession({ ...EARNER, onChainId: '7' });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Earner Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register wallet' })).toBeNull();
  });

  it('shows "Unauthorized!" for any other user type', async () => {
    storeUserSession({ ...EARNER, userType: 'TEACHER' });
    renderRoute('/dashboard');
    expect(await screen.findByText(SCREENS.unauthorized)).toBeTruthy();
  });
});

describe('/admin/login', () => {
  it('without a fragment goes to /login', async () => {
    const { router } = renderRoute('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('with a fragment the server refuses goes to /login', async () => {
    stubApi({ '/admin-auth/admin-login-secret': { data: false } });
    const { router } = renderRoute('/admin/login#guess');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('with the secret logs in, sending the secret header, and stores the admin session', async () => {
    const calls = stubApi({
      '/admin-auth/admin-login-secret': { data: true },
      '/admin/adminLogin': {
        data: {
          token: 'adm',
          expiresAt: '',
          adminDetails: { _id: 'a1', email: 'root@example.com' },
        },
      },
    });
    const { router } = renderRoute('/admin/login#the-secret-fragment');
    fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
      target: { value: 'root@example.com' },
    });
    fireEvent.change(field('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const login = calls.find((call) => call.path === '/admin/adminLogin')!;
    expect(login.headers.get('x-admin-login-secret')).toBe('the-secret-fragment');
    expect(window.localStorage.getItem(ADMIN_MARKER_KEY)).toBe('true');
    expect(JSON.parse(window.localStorage.getItem('admin')!)).toMatchObject({ token: 'adm' });
  });
});

describe('/profile', () => {
  it('sends visitors to /login and admins to /dashboard', async () => {
    const visitor = renderRoute('/profile');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    visitor.unmount();
    storeAdminSession();
    const admin = renderRoute('/profile');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows email, user name and type read-only and saves the full name', async () => {
    storeUserSession(EARNER);
    const calls = stubApi({
      '/user/updateProfile': (body) => ({
        message: 'Profile updated',
        data: { ...EARNER, ...(body as object) },
      }),
    });
    renderRoute('/profile');
    expect((await screen.findByLabelText('Email', { exact: true })).hasAttribute('readonly')).toBe(
      true,
    );
    expect(field('User Name').readOnly).toBe(true);
    expect(field('User Type').value).toBe('Earner');
    fireEvent.change(field('Full Name'), { target: { value: 'Ada King' } });
    const update = screen.getByRole<HTMLButtonElement>('button', { name: 'Update Profile' });
    // Enabled once the form has seen the change (the form validates asynchronously).
    await waitFor(() => expect(update.disabled).toBe(false));
    fireEvent.click(update);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user/updateProfile')?.body).toEqual({
        id: 'u1',
        fullName: 'Ada King',
        profilePic: null,
        emailClaimReminder: true,
        emailApplicationDigest: true,
      }),
    );
    await waitFor(() =>
      expect(
        (JSON.parse(window.localStorage.getItem('auth')!) as { user: { fullName: string } }).user
          .fullName,
      ).toBe('Ada King'),
    );
  });

  it('shows the two reminder-email switches with their labels, as saved, and saves a change', async () => {
    storeUserSession({ ...EARNER, emailClaimReminder: false, emailApplicationDigest: true });
    const calls = stubApi({
      '/user/updateProfile': (body) => ({
        message: 'Profile updated',
        data: { ...EARNER, ...(body as object) },
      }),
    });
    renderRoute('/profile');
    const reminders = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Claim reminders',
    });
    const digest = screen.getByRole<HTMLInputElement>('switch', {
      name: 'Daily digest of new applications',
    });
    // Each switch is the input its visible label names, and its hint describes it.
    expect(field('Claim reminders')).toBe(reminders);
    expect(field('Daily digest of new applications')).toBe(digest);
    expect(reminders).toHaveProperty('checked', false);
    expect(digest).toHaveProperty('checked', true);
    expect(screen.getByText(/shortly before the claim period/).id).toBe(
      reminders.getAttribute('aria-describedby'),
    );

    fireEvent.click(reminders);
    fireEvent.click(digest);
    const update = screen.getByRole<HTMLButtonElement>('button', { name: 'Update Profile' });
    await waitFor(() => expect(update.disabled).toBe(false));
    fireEvent.click(update);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/user/updateProfile')?.body).toMatchObject({
        id: 'u1',
        emailClaimReminder: true,
        emailApplicationDigest: false,
      }),
    );
    // Saved: the session keeps the answer, the switches show it, nothing left to save.
    await waitFor(() =>
      expect(
        (
          JSON.parse(window.localStorage.getItem('auth')!) as {
            user: { emailClaimReminder: boolean; emailApplicationDigest: boolean };
          }
        ).user,
      ).toMatchObject({ emailClaimReminder: true, emailApplicationDigest: false }),
    );
    await waitFor(() => expect(update.disabled).toBe(true));
    expect(reminders).toHaveProperty('checked', true);
    expect(digest).toHaveProperty('checked', false);
  });

  it('shows both switches on for a session stored before they existed', async () => {
    const { emailClaimReminder: _r, emailApplicationDigest: _d, ...older } = EARNER;
    storeUserSession(older);
    renderRoute('/profile');
    expect(
      await screen.findByRole<HTMLInputElement>('switch', { name: 'Claim reminders' }),
    ).toHaveProperty('checked', true);
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Daily digest of new applications' }),
    ).toHaveProperty('checked', true);
  });
});
