import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { EXTERNAL_LINKS } from '@gets/schema';
import { renderRoute } from '@/test/render-route';

describe('Get Tokens page', () => {
  it('is titled "Get Tokens" and links GET TOKENS to the exchange in a new tab', async () => {
    renderRoute('/get-crypto');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get Tokens' })).toBeTruthy();
    expect(document.title).toMatch(/^Get Tokens - /);
    const link = screen.getByRole('link', { name: /GET TOKENS/ });
    expect(link.getAttribute('href')).toBe(EXTERNAL_LINKS.exchange);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
