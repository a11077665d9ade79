import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SCREENS } from '@gets/schema';
import { renderRoute } from '@/test/render-route';

describe('404 page', () => {
  it('shows "Page Not Found!" for an unknown path, with a link that goes home', async () => {
    const { router } = renderRoute('/some/unknown/path');

    expect(await screen.findByRole('heading', { name: SCREENS.notFound })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain(SCREENS.notFound));

    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: /sign up for/i })).toBeTruthy();
  });
});
