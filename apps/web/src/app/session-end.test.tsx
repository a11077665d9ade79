// A session that ends under the person (reset elsewhere, ban, lifetime): the
// first refused call ends it once, with one message, on to the login page
// with ?next= where they were. Through the real route table and providers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ADMIN_MARKER_KEY, SESSION_MESSAGES, SESSION_STORAGE_KEYS } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { streamFor } from '@/features/custody/lib/transaction-stream';
import { storeAdminSession } from '@/test/api-stub';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

const EXPIRED = 'Your session has expired. Please login again';

interface Call {
  method: string;
  path: string;
  authorization: string | null;
}

/**
 * The server after the session was revoked: every call carrying a bearer
 * token is refused with `refusal`; other calls get `open(path)` or an empty 200.
 */
function stubRevokedSession(
  refusal: { status: number; message: string } = { status: 401, message: EXPIRED },
  open: (path: string) => unknown = () => null,
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://test');
    const path = url.pathname.replace(/^\/gs-api/, '');
    const authorization = new Headers(init.headers).get('Authorization');
    calls.push({ method: init.method ?? 'GET', path, authorization });
    const [status, body] = authorization
      ? [refusal.status, { message: refusal.message, data: null }]
      : [200, { message: 'ok', data: open(path) }];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function locationOf(router: ReturnType<typeof renderRoute>['router']) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

afterEach(() => {
  toast.dismiss();
});

describe('a session that ended elsewhere', () => {
  it('ends on the first refused query: one message, /login?next=, session forgotten', async () => {
    storeUserSession(EARNER);
    const calls = stubRevokedSession();
    const { router } = renderRoute('/dashboard?tab=awards#mine');

    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/login?next=${encodeURIComponent('/dashboard?tab=awards#mine')}`,
      ),
    );
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull());
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    // The dashboard's several reads were all refused: still one message, and
    // none of their own.
    expect(calls.filter((call) => call.authorization).length).toBeGreaterThan(1);
    expect(screen.getAllByText(SESSION_MESSAGES.ended)).toHaveLength(1);
    expect(screen.queryByText(new RegExp(EXPIRED))).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('ends on a refused mutation the same way', async () => {
    storeUserSession(EARNER);
    // Reads still answer (the session ends between them and the save).
    let revoked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://test').pathname.replace(/^\/gs-api/, '');
      const refused = revoked && new Headers(init.headers).has('Authorization');
      const body = refused
        ? { message: EXPIRED, data: null }
        : { message: 'ok', data: path === '/user/me' ? EARNER : null };
      return new Response(JSON.stringify(body), { status: refused ? 401 : 200 });
    });
    const { router } = renderRoute('/profile');
    const fullName = await screen.findByLabelText('Full Name');
    revoked = true;
    fireEvent.change(fullName, { target: { value: 'Ada King' } });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Update Profile' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(locationOf(router)).toBe('/login?next=%2Fprofile'));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    expect(screen.queryByText(`${EXPIRED}!`)).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull());
  });

  it('shows one message for two refusals at once, and both calls are marked ended', async () => {
    storeUserSession(EARNER);
    stubRevokedSession();
    const { router } = renderRoute('/how-it-works');
    await screen.findByRole('heading', { level: 1 });
    const [first, second] = await Promise.all([
      apiRequest('/stake/balance'),
      apiRequest('/badge/applied/earner'),
    ]);
    expect(first).toMatchObject({ success: false, status: 401, sessionEnded: true });
    expect(second).toMatchObject({ success: false, status: 401, sessionEnded: true });
    await waitFor(() => expect(locationOf(router)).toBe('/login?next=%2Fhow-it-works'));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    expect(screen.getAllByText(SESSION_MESSAGES.ended)).toHaveLength(1);
  });

  it("shows the server's message for a banned account", async () => {
    storeUserSession(EARNER);
    stubRevokedSession({ status: 403, message: SESSION_MESSAGES.banned });
    const { router } = renderRoute('/dashboard');
    await waitFor(() => expect(locationOf(router)).toBe('/login?next=%2Fdashboard'));
    expect(await screen.findByText(SESSION_MESSAGES.banned)).toBeTruthy();
    expect(screen.queryByText(SESSION_MESSAGES.ended)).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull());
  });

  it('sends an admin to the admin login link (with its fragment), then back where they were', async () => {
    storeAdminSession();
    window.localStorage.setItem('adminLoginSecret', 'sesame');
    let revoked = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://test').pathname.replace(/^\/gs-api/, '');
      const token = new Headers(init.headers).get('Authorization');
      let answer: [number, unknown] = [200, null];
      if (path === '/admin-auth/admin-login-secret') answer = [200, true];
      else if (path === '/admin/adminLogin') {
        revoked = false;
        answer = [
          200,
          { token: 'admin-token-2', adminDetails: { _id: 'a1', email: 'root@example.com' } },
        ];
      } else if (token && revoked) answer = [401, null];
      const [status, data] = answer;
      return new Response(JSON.stringify({ message: status === 401 ? EXPIRED : 'ok', data }), {
        status,
      });
    });
    const { router } = renderRoute('/dashboard?menu=settings');

    const next = encodeURIComponent('/dashboard?menu=settings');
    await waitFor(() => expect(locationOf(router)).toBe(`/admin/login?next=${next}#sesame`));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(ADMIN_MARKER_KEY)).toBeNull());
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.admin)).toBeNull();

    fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
      target: { value: 'root@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: 'Admin-Pass1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard?menu=settings'));
  });

  it('ends when the status stream is refused', async () => {
    storeUserSession(EARNER);
    stubRevokedSession();
    const { router } = renderRoute('/how-it-works');
    await screen.findByRole('heading', { level: 1 });
    const stream = streamFor('user');
    stream?.subscribe(() => {});
    await waitFor(() => expect(locationOf(router)).toBe('/login?next=%2Fhow-it-works'));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull());
  });
});
