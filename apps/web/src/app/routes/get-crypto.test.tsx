import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { EXTERNAL_LINKS } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

const PLATFORM = {
  exchangeUrl: 'https://dex.example/swap?output=GETS',
  chainId: 137,
  tokenAddress: '0x3333333333333333333333333333333333333333',
  treasuryAddress: '0x4444444444444444444444444444444444444444',
};

describe('Get Tokens page', () => {
  it('is titled "Get Tokens" and links GET TOKENS to the exchange in a new tab', async () => {
    renderRoute('/get-crypto');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get Tokens' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Get Tokens - /));
    const link = screen.getByRole('link', { name: /GET TOKENS/ });
    expect(link.getAttribute('href')).toBe(EXTERNAL_LINKS.exchange);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('links to the exchange the server is configured with, and shows the platform addresses', async () => {
    stubApi({ 'GET /platform': { data: PLATFORM } });
    renderRoute('/get-crypto');
    const link = await screen.findByRole('link', { name: /GET TOKENS/ });
    await screen.findByText(PLATFORM.treasuryAddress);
    expect(link.getAttribute('href')).toBe(PLATFORM.exchangeUrl);
    expect(screen.getByText(PLATFORM.tokenAddress)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it("shows a signed-in user's own address with copy and a QR code", async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /platform': { data: PLATFORM } });
    renderRoute('/get-crypto');
    expect(await screen.findByRole('img', { name: 'QR code of your wallet address' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `Wallet address ${EARNER.account}, click to copy` }),
    ).toBeTruthy();
  });
});
