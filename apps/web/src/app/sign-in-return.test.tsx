// Around the session's end, what stays ordinary: a refusal without a session
// ends nothing, a login returns to a same-site ?next= only, a verify failure
// with no words from the server does what spec section 8 says, and a list
// that could not be read says so with Try again. (Apart from
// session-end.test.tsx: an end there quiets error toasts for a moment.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EMPTY_STATES, SESSION_MESSAGES, TOASTS } from '@gets/schema';
import { FORGOT_FLAG_KEY } from '@/features/accounts/lib/session';
import { toast } from '@/lib/toast';
import { stubApi } from '@/test/api-stub';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';

afterEach(() => {
  window.sessionStorage.clear();
  toast.dismiss();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

function locationOf(router: ReturnType<typeof renderRoute>['router']) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

async function logIn() {
  fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
    target: { value: 'ada@example.com' },
  });
  fireEvent.change(field('Password'), { target: { value: 'Strong-Pass1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const LOGGED_IN = {
  'POST /metakeep/auth/login': {
    message: 'Login successful',
    data: { token: 't1', expiresAt: '', user: EARNER },
  },
};

describe('a refusal without a session', () => {
  it('is an ordinary error: a wrong password stays on /login with the server message', async () => {
    const { calls } = stubApi({
      'POST /metakeep/auth/login': { status: 401, message: 'Invalid email or password' },
    });
    const { router } = renderRoute('/login?next=%2Fstake');
    await logIn();
    expect(await screen.findByText('Invalid email or password!')).toBeTruthy();
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(locationOf(router)).toBe('/login?next=%2Fstake');
    expect(screen.queryByText(SESSION_MESSAGES.ended)).toBeNull();
  });
});

describe('?next= after a login', () => {
  it('returns to the page the person was on', async () => {
    stubApi(LOGGED_IN);
    const next = encodeURIComponent('/stake?amount=5#top');
    const { router } = renderRoute(`/login?next=${next}`);
    await logIn();
    await waitFor(() => expect(locationOf(router)).toBe('/stake?amount=5#top'));
  });

  it.each(['//evil.com', 'https://evil.com/steal', '/\\evil.com', 'javascript:alert(1)'])(
    'ignores %s and opens /dashboard',
    async (hostile) => {
      stubApi(LOGGED_IN);
      const { router } = renderRoute(`/login?next=${encodeURIComponent(hostile)}`);
      await logIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );
});

describe('a visitor on a badge link (shared, or the QR code)', () => {
  const badge = sampleBadge();
  const badgePath = `/badge/${badge._id}`;
  const next = encodeURIComponent(badgePath);
  const badgeRoutes = {
    [`GET /badge/details/${badge._id}`]: { data: badge },
    ...LOGGED_IN,
  };

  it('sees the badge and "Log in to apply", and lands back on the badge after the login', async () => {
    stubApi(badgeRoutes);
    const { router } = renderRoute(badgePath);
    expect(await screen.findByRole('heading', { name: badge.name })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Log in to apply' }));
    await waitFor(() => expect(locationOf(router)).toBe(`/login?next=${next}`));
    await logIn();
    await waitFor(() => expect(locationOf(router)).toBe(badgePath));
  });

  it('keeps the badge as next from /login to /register and back', async () => {
    stubApi(badgeRoutes);
    const { router } = renderRoute(`/login?next=${next}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Sign Up' }));
    await waitFor(() => expect(locationOf(router)).toBe(`/register?next=${next}`));
    fireEvent.click(await screen.findByRole('link', { name: 'Login' }));
    await waitFor(() => expect(locationOf(router)).toBe(`/login?next=${next}`));
  });

  it('drops a next that leaves the site on the way to /register', async () => {
    stubApi(badgeRoutes);
    const { router } = renderRoute(`/login?next=${encodeURIComponent('//evil.com/badge/x')}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Sign Up' }));
    await waitFor(() => expect(locationOf(router)).toBe('/register'));
  });

  it('offers no "Log in to apply" on a banned badge', async () => {
    const banned = sampleBadge({ status: 'BANNED', isVerified: false });
    stubApi({ [`GET /badge/details/${banned._id}`]: { data: banned } });
    renderRoute(`/badge/${banned._id}`);
    expect(await screen.findByRole('heading', { name: banned.name })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in to apply' })).toBeNull();
  });
});

describe('/verify-email when the server gives no words', () => {
  it.each([
    ['a 5xx', { status: 502, message: 'Bad Gateway' }],
    ['no answer', null],
  ])('on %s shows the spec text, clears the forgot flag, opens /login', async (_, answer) => {
    window.sessionStorage.setItem(FORGOT_FLAG_KEY, 'true');
    if (answer) stubApi({ 'POST /admin-auth/verify-otp': answer });
    else vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = renderRoute('/verify-email/someone%40example.org');
    fireEvent.change(await screen.findByLabelText('OTP', { exact: true }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOASTS.error.verifyEmailFailed)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem(FORGOT_FLAG_KEY)).toBeNull();
  });

  it("keeps the spec's generic handling for a server message", async () => {
    window.sessionStorage.setItem(FORGOT_FLAG_KEY, 'true');
    stubApi({ 'POST /admin-auth/verify-otp': { status: 400, message: 'Invalid OTP' } });
    const { router } = renderRoute('/verify-email/someone%40example.org');
    fireEvent.change(await screen.findByLabelText('OTP', { exact: true }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP!')).toBeTruthy();
    expect(screen.queryByText(TOASTS.error.verifyEmailFailed)).toBeNull();
    expect(router.state.location.pathname).toBe('/verify-email/someone%40example.org');
  });
});

describe('a list that could not be read', () => {
  it('shows the error and Try again, not its empty text; Try again reads again', async () => {
    storeUserSession(EARNER);
    let failing = true;
    const { calls } = stubApi({
      [`GET /badge/assigned/${EARNER.account}`]: () =>
        failing ? { status: 500, message: 'Something went wrong' } : { data: [] },
      'GET /badge/applied/earner': { data: [] },
      'GET /stake/balance': {
        data: { account: EARNER.account, userBalance: '0', stakingBalance: '0', totalStaked: '0' },
      },
      'GET /user/me': { data: EARNER },
    });
    renderRoute('/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('Something went wrong');
    expect(screen.queryByText(EMPTY_STATES.noBadgesEarned)).toBeNull();

    failing = false;
    const before = calls.filter((call) => call.path.startsWith('/badge/assigned/')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(EMPTY_STATES.noBadgesEarned)).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/badge/assigned/')).length).toBe(
      before + 1,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
