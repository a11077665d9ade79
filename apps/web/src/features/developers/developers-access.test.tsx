// Who reaches the Developers page (issue 46), and the API keys section of the
// admin's sponsor page (list, revoke after a confirmation).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_KEY_SCOPE_LABELS, INTEGRATION_MESSAGES, type ApiKey } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { storeAdminSession, stubApi } from '@/test/api-stub';
import { sponsor, stubConsole } from '@/test/admin-console';
import { APPROVED_SPONSOR, KEYS } from '@/test/developers';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';
import { DEVELOPERS_AWAITING_APPROVAL } from './components/developers-closed';

afterEach(() => {
  closeAllStreams();
  vi.restoreAllMocks();
});

describe('who reaches /developers', () => {
  it('sends a visitor to /login, to come back after signing in', async () => {
    stubApi({});
    const { router } = renderRoute('/developers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/developers');
  });

  it('sends an earner to /dashboard', async () => {
    stubApi({});
    storeUserSession(EARNER);
    const { router } = renderRoute('/developers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('tells a sponsor awaiting approval why it is closed, and calls nothing', async () => {
    const api = stubApi({});
    storeUserSession({ ...APPROVED_SPONSOR, status: 'PENDING' });
    renderRoute('/developers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Developers' })).toBeTruthy();
    expect(screen.getByText(DEVELOPERS_AWAITING_APPROVAL)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/developers'))).toEqual([]);
  });

  it("opens from the sponsor's user menu", async () => {
    stubApi({ 'GET /developers/keys': { data: [] }, 'GET /developers/webhooks': { data: [] } });
    storeUserSession(APPROVED_SPONSOR);
    const { router } = renderRoute('/how-it-works');
    const banner = await screen.findByRole('banner');
    fireEvent.click(within(banner).getByRole('button', { name: /springfield/ }));
    fireEvent.click(within(banner).getByRole('link', { name: 'Developers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/developers'));
    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeTruthy();
  });
});

describe('API keys on the admin sponsor page', () => {
  const id = sponsor(5)._id;

  it("lists the sponsor's keys and revokes an active one after a confirmation", async () => {
    storeAdminSession();
    const success = vi.spyOn(toast, 'success');
    const revoked: ApiKey = { ...KEYS[0]!, revokedAt: '2025-03-05T00:00:00.000Z' };
    let done = false;
    const api = stubConsole({
      [`GET /admin/sponsor/${id}`]: { data: sponsor(5) },
      [`GET /admin/sponsor/${id}/api-keys`]: () => ({
        data: done ? [revoked, ...KEYS.slice(1)] : KEYS,
      }),
      [`DELETE /admin/api-keys/${KEYS[0]!.id}`]: () => {
        done = true;
        return { message: INTEGRATION_MESSAGES.keyRevoked, data: revoked };
      },
    });
    renderRoute(`/admin/sponsor/${id}`);
    const section = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
    const row = await within(section).findByRole('row', { name: /^CRM sync/ });
    expect(within(row).getByText('gets_sk_Ab1d…')).toBeTruthy();
    expect(within(row).getByText(API_KEY_SCOPE_LABELS['applications:review'])).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy(); // last used
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(
      within(within(section).getByRole('row', { name: /^Old importer/ })).getByText('Revoked'),
    ).toBeTruthy();
    expect(within(section).getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        within(within(section).getByRole('row', { name: /^CRM sync/ })).getByText('Revoked'),
      ).toBeTruthy(),
    );
    expect(within(section).queryByRole('button', { name: 'Revoke' })).toBeNull();
    const call = api.callsTo('DELETE', `/admin/api-keys/${KEYS[0]!.id}`)[0];
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(success).toHaveBeenCalledWith(INTEGRATION_MESSAGES.keyRevoked);
  });
});
