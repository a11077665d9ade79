import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXTERNAL_LINKS, PRODUCT_NAME, SESSION_STORAGE_KEYS } from '@gets/schema';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

describe('Home', () => {
  it('invites visitors to sign up, and GET STARTED goes to /login', async () => {
    const { router } = renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /sign up for GETS/i }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(PRODUCT_NAME));

    fireEvent.click(screen.getByRole('link', { name: /GET STARTED/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends signed-in users from GET STARTED to /dashboard', async () => {
    storeUserSession(EARNER);
    const { router } = renderRoute('/');
    fireEvent.click(await screen.findByRole('link', { name: /GET STARTED/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('opens the exchange from GET TOKENS in a new tab', async () => {
    renderRoute('/');
    const link = await screen.findByRole('link', { name: /GET TOKENS/ });
    expect(link.getAttribute('href')).toBe(EXTERNAL_LINKS.exchange);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('explains the three ways to take part', async () => {
    renderRoute('/');
    for (const name of ['Sponsors publish badges', 'Earners claim rewards', 'Community Treasure']) {
      expect(await screen.findByRole('heading', { level: 3, name })).toBeTruthy();
    }
  });

  it('redirects to /dashboard when an admin token exists', async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.admin,
      JSON.stringify({ token: 'admin-token', adminDetails: { _id: 'a1' } }),
    );
    const { router } = renderRoute('/');
    await screen.findByRole('banner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
