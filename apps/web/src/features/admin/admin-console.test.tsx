// The admin area through the real route table, with the API stubbed: the
// shell, deep links by menu key, the narrow-screen message and the Dash (the
// sponsor screens: admin-sponsors.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TEXTS, SESSION_STORAGE_KEYS } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { storeAdminSession } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';
import { stubViewportWidth } from '@/test/match-media';

afterEach(() => closeAllStreams());

import { activeSponsorsOf, pendingSponsor, sponsor, stubConsole } from '@/test/admin-console';
import { PENDING_SPONSORS_REFRESH_MS } from './api/get-pending-sponsors';

describe('the admin area', () => {
  it('shows the shell: ADMIN, Add more admin, SEND GETS, the sidebar with the orange count of pending sponsors', async () => {
    storeAdminSession();
    stubConsole();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: ADMIN_TEXTS.addMoreAdmin }).getAttribute('href')).toBe(
      '/dashboard?menu=settings&tab=admins',
    );
    expect(screen.getByRole('button', { name: ADMIN_TEXTS.sendGets })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByLabelText('7 unverified sponsors')).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Profile approvals7',
      'Community treasure',
      'Active sponsors',
      'Active badges',
      'Settings',
      'Audit log',
      // Issue 45: the admin's own Security page, beside the menu's screens.
      'Security',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByText('root@example.com')).toBeTruthy();
  });

  it('keeps the screen in the URL: a deep link opens it, the sidebar pushes, back returns', async () => {
    storeAdminSession();
    stubConsole();
    const { router } = renderRoute('/dashboard?menu=active');
    expect(await screen.findByRole('heading', { name: 'Active sponsors' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /Profile approvals/ }));
    expect(await screen.findByRole('heading', { name: /Pending profile approvals/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?menu=approvals');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Active sponsors' })).toBeTruthy();
    // A key whose screen is not here shows the Dash screen.
    await act(() => router.navigate('/dashboard?menu=nope'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('below 1000 px shows only the message', async () => {
    stubViewportWidth(999);
    storeAdminSession();
    stubConsole();
    renderRoute('/dashboard?menu=approvals');
    expect(await screen.findByText(ADMIN_TEXTS.narrowScreen)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Pending profile approvals/ })).toBeNull();
  });

  it('below 1000 px offers Log out beside the message, which ends the admin session', async () => {
    stubViewportWidth(390);
    storeAdminSession();
    const api = stubConsole({ 'POST /admin/logout': { data: null } });
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByText(ADMIN_TEXTS.narrowScreen)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.admin)).toBeNull();
    expect(api.callsTo('POST', '/admin/logout')).toHaveLength(1);
  });

  it('Dash: a sponsor who registers while the console is open shows without a reload (issue 47: "Pending approvals 00")', async () => {
    storeAdminSession();
    let waiting: ReturnType<typeof pendingSponsor>[] = [];
    stubConsole({
      'GET /admin/sponsors/unapproved': (call) => ({
        data: call.query.get('status') === 'REJECTED' ? [] : waiting,
      }),
    });
    renderRoute('/dashboard');
    const pendingCard = await screen.findByRole('button', { name: /Pending approvals/ });
    await waitFor(() => expect(pendingCard.textContent).toBe('Pending approvals00'));
    expect(await screen.findByText(ADMIN_TEXTS.noSponsors)).toBeTruthy();
    // A sponsor registers in another browser; the admin comes back to this tab.
    waiting = [pendingSponsor(1)];
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(pendingCard.textContent).toBe('Pending approvals01'));
    expect(await screen.findByRole('button', { name: /^Accept / })).toBeTruthy();
    expect(screen.queryByText(ADMIN_TEXTS.noSponsors)).toBeNull();
    // And while the admin stays on it, the list is read again on its own.
    expect(PENDING_SPONSORS_REFRESH_MS).toBeLessThanOrEqual(15_000);
  });

  it('Dash: counts animate up to the real numbers, the GET Wallet shows the admin balance, 3 pending with All', async () => {
    storeAdminSession();
    stubConsole();
    renderRoute('/dashboard');
    const pendingCard = await screen.findByRole('button', { name: /Pending approvals/ });
    await waitFor(() => expect(pendingCard.textContent).toBe('Pending approvals07'));
    const activeCard = screen.getByRole('button', { name: /Active sponsors/ });
    await waitFor(() => expect(activeCard.textContent).toBe('Active sponsors02'));
    expect(await screen.findByText('1,000,000')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Accept / })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('heading', { name: /Pending profile approvals/ })).toBeTruthy();
  });

  it('Dash: accepting a sponsor updates the Active sponsors card at once', async () => {
    storeAdminSession();
    let accepted = false;
    const api = stubConsole({
      'PUT /admin/sponsors/status': () => {
        accepted = true;
        return { message: 'ok', data: {} };
      },
      'GET /admin/sponsors/verified': (call) =>
        activeSponsorsOf(accepted ? [sponsor(20), sponsor(1)] : [sponsor(20)])(call),
    });
    renderRoute('/dashboard');
    const activeCard = await screen.findByRole('button', { name: /Active sponsors/ });
    await waitFor(() => expect(activeCard.textContent).toBe('Active sponsors01'));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Sponsor 1' }));
    await waitFor(() => expect(activeCard.textContent).toBe('Active sponsors02'));
    // The card asks for the count alone: no sponsor's balance is read for it.
    const asked = api.callsTo('GET', '/admin/sponsors/verified');
    expect(asked.map((call) => call.query.get('limit'))).toEqual(asked.map(() => '0'));
  });

  it('Dash: Public badges and Private badges count the badges and open the Badges screen filtered', async () => {
    storeAdminSession();
    const api = stubConsole({
      'GET /admin/badge': (call) => ({
        data: {
          badges: [],
          total: call.query.get('badgeAccess') === 'public' ? 4 : 2,
          hasMore: true,
          page: 1,
          limit: Number(call.query.get('limit') ?? 12),
          approvalPeriod: 10,
        },
      }),
    });
    const { router } = renderRoute('/dashboard');
    const publicCard = await screen.findByRole('button', { name: /Public badges/ });
    await waitFor(() => expect(publicCard.textContent).toBe('Public badges04'));
    const privateCard = screen.getByRole('button', { name: /Private badges/ });
    await waitFor(() => expect(privateCard.textContent).toBe('Private badges02'));
    fireEvent.click(publicCard);
    expect(await screen.findByRole('heading', { name: /^Badges/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?menu=badges&access=public');
    // The screen's list of every badge (the pending ones above it have their own filter).
    const everyBadge = () =>
      api
        .callsTo('GET', '/admin/badge')
        .filter(
          (c) => c.query.get('limit') !== '1' && c.query.get('status') !== 'UNDER_VERIFICATION',
        );
    await waitFor(() => expect(everyBadge().length).toBeGreaterThan(0));
    expect(everyBadge().every((c) => c.query.get('badgeAccess') === 'public')).toBe(true);
  });
});
