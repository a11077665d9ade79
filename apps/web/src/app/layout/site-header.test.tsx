import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { EARNER, renderRoute, storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';

function header() {
  return screen.getByRole('banner');
}

describe('site header', () => {
  it('offers LAUNCH APP to /login to visitors, and no user menu', async () => {
    renderRoute('/how-it-works');
    await screen.findByRole('banner');
    const launch = within(header()).getByRole('link', { name: 'LAUNCH APP' });
    expect(launch.getAttribute('href')).toBe('/login');
    expect(within(header()).queryByText('Connected')).toBeNull();
  });

  it('shows the user menu with the user name when a session is stored', async () => {
    storeUserSession(EARNER);
    renderRoute('/how-it-works');
    await screen.findByRole('banner');
    expect(within(header()).queryByRole('link', { name: 'LAUNCH APP' })).toBeNull();
    expect(within(header()).getByText('ada')).toBeTruthy();
    expect(within(header()).getByText('Connected')).toBeTruthy();
    // Earners are not verified sponsors and cannot create badges.
    expect(within(header()).queryByRole('img', { name: 'Verified sponsor' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Create Badge' })).toBeNull();
  });

  it('treats a malformed stored session as a visitor', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEYS.user, '{not json');
    renderRoute('/how-it-works');
    await screen.findByRole('banner');
    expect(within(header()).getByRole('link', { name: 'LAUNCH APP' })).toBeTruthy();
  });

  it('shows a verified tick and Create Badge to a verified sponsor', async () => {
    storeUserSession(VERIFIED_SPONSOR);
    renderRoute('/how-it-works');
    await screen.findByRole('banner');
    expect(within(header()).getByRole('img', { name: 'Verified sponsor' })).toBeTruthy();
    expect(within(header()).getByRole('link', { name: 'Create Badge' }).getAttribute('href')).toBe(
      '/badge',
    );
  });

  it('links to explore, how it works, dashboard, profile and the badge list', async () => {
    renderRoute('/how-it-works');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/explore', '/how-it-works', '/dashboard', '/profile', '/search']),
    );
  });

  it('shows Community Treasure only on the home path', async () => {
    const { router } = renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Community Treasure' }).getAttribute('href')).toBe(
      '/stake',
    );

    fireEvent.click(within(nav).getByRole('link', { name: 'How It Works' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/how-it-works'));
    // The router's state moves before React renders the header of the new path.
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
          name: 'Community Treasure',
        }),
      ).toBeNull(),
    );
  });

  it('searches badges by name through /search?name=', async () => {
    const { router } = renderRoute('/how-it-works');
    const box = within(await screen.findByRole('banner')).getByRole('searchbox', {
      name: 'Search For Badges',
    });
    expect(box.getAttribute('placeholder')).toBe('Search For Badges');
    fireEvent.change(box, { target: { value: ' Solidity 101 ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('name')).toBe('Solidity 101');
  });

  it('shows the searched text in the box on /search, and follows the back button', async () => {
    const { router } = renderRoute('/search?name=Solidity');
    const box = within(await screen.findByRole('banner')).getByRole('searchbox', {
      name: 'Search For Badges',
    });
    expect((box as HTMLInputElement).value).toBe('Solidity');
    await router.navigate('/search?name=Rust');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('Rust'));
    await router.navigate('/how-it-works');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });

  it('logs out: clears the stored session and goes to /login', async () => {
    storeUserSession(EARNER);
    const { router } = renderRoute('/how-it-works');
    const menuButton = within(await screen.findByRole('banner')).getByRole('button', {
      name: /ada/,
    });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    // Developers is a sponsor's page only.
    expect(within(menu).queryByRole('link', { name: 'Developers' })).toBeNull();

    const calls: { url: string; auth: string | null }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, auth: new Headers(init.headers).get('Authorization') });
      return Promise.resolve(new Response(JSON.stringify({ message: 'Logged out', data: null })));
    });
    fireEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([{ url: '/gs-api/user/logout', auth: 'Bearer user-token' }]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)).toBeNull();
    expect(within(header()).getByRole('link', { name: 'LAUNCH APP' })).toBeTruthy();
  });
});

describe('side menu', () => {
  it('opens from the menu button, repeats the links, and closes on Escape', async () => {
    renderRoute('/');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Side menu' });
    for (const name of ['Explore', 'How It Works', 'Dashboard', 'Profile', 'Community Treasure']) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(menu).getByRole('link', { name: 'LAUNCH APP' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Developers' })).toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it("adds a sponsor's Developers page, in the user menu too, not in the header's row", async () => {
    storeUserSession(VERIFIED_SPONSOR);
    renderRoute('/how-it-works');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Developers' })).toBeNull();
    const menuButton = within(header()).getByRole('button', { name: /springfield/ });
    fireEvent.click(menuButton);
    const userMenu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(within(userMenu).getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe(
      '/developers',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Side menu' });
    for (const name of ['Explore', 'Dashboard', 'Profile', 'Create Badge']) {
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(menu).getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe(
      '/developers',
    );
  });

  it('is a modal dialog: the focus starts on Close menu and Tab stays inside', async () => {
    renderRoute('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    // Tab past the last control comes back to the first (the brand link), and back again.
    const launch = within(dialog).getByRole('link', { name: 'LAUNCH APP' });
    launch.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getAllByRole('link')[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(launch);
  });

  it('closes when one of its links navigates', async () => {
    const { router } = renderRoute('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Side menu' });
    fireEvent.click(within(menu).getByRole('link', { name: 'How It Works' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/how-it-works'));
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull();
  });
});
