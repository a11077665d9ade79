import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { SCREENS } from '@gets/schema';
import { renderRoute } from '@/test/render-route';

let online = true;

function goOffline(value: boolean) {
  online = !value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'offline' : 'online'));
  });
}

describe('offline screen', () => {
  afterEach(() => {
    online = true;
  });

  it.each(['/', '/how-it-works', '/no/such/page'])(
    'replaces the page at %s when the connection drops, and restores it when it returns',
    async (path) => {
      vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
      renderRoute(path);
      const main = await screen.findByRole('main');
      const pageHeading = main.querySelector('h1')?.textContent;
      expect(pageHeading).toBeTruthy();
      expect(screen.queryByText(SCREENS.offlineTitle)).toBeNull();

      // The layout hears the connection events through a subscription made in
      // an effect; on a busy machine it may not be in place yet the moment
      // the page's heading shows, so the screen is waited for, not read at once.
      goOffline(true);
      expect(await screen.findByRole('heading', { name: SCREENS.offlineTitle })).toBeTruthy();
      expect(screen.getByText(SCREENS.offlineText)).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1, name: pageHeading! })).toBeNull();

      goOffline(false);
      expect(await screen.findByRole('heading', { level: 1, name: pageHeading! })).toBeTruthy();
      expect(screen.queryByText(SCREENS.offlineTitle)).toBeNull();
    },
  );

  it('shows the offline screen straight away when the app starts offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoute('/');
    expect(await screen.findByText(SCREENS.offlineText)).toBeTruthy();
  });
});
