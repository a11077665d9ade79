import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '@/test/render-route';

describe('the route table', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a page whose code loads late without a HydrateFallback warning, a loading status meanwhile', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderRoute('/how-it-works');
    // While the page's code loads, the screen says it is loading.
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Watch Video' })).toBeTruthy();
    const messages = warn.mock.calls.map((args) => args.map(String).join(' '));
    expect(messages.filter((m) => m.includes('HydrateFallback'))).toEqual([]);
  });
});
