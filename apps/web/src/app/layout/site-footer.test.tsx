import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '@gets/schema';
import { renderRoute } from '@/test/render-route';

describe('site footer', () => {
  it('shows the copyright line with the current year', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-04T10:00:00Z') });
    try {
      renderRoute('/how-it-works');
      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getByText(`© 2031 ${PRODUCT_NAME}. All rights reserved.`)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('links to the legal and company pages in a new tab, and home', async () => {
    renderRoute('/how-it-works');
    const footer = await screen.findByRole('contentinfo');
    for (const [name, href] of [
      ['Privacy Policy', EXTERNAL_LINKS.privacyPolicy],
      ['Terms and Conditions', EXTERNAL_LINKS.termsAndConditions],
      ['About', EXTERNAL_LINKS.about],
      ['Contact', EXTERNAL_LINKS.contact],
    ] as const) {
      const link = within(footer).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(footer).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it('has labelled social links, one to the video channel', async () => {
    renderRoute('/how-it-works');
    const footer = await screen.findByRole('contentinfo');
    const youtube = within(footer).getByRole('link', { name: `${PRODUCT_NAME} on YouTube` });
    expect(youtube.getAttribute('href')).toBe(EXTERNAL_LINKS.videoChannel);
    expect(within(footer).getByRole('link', { name: `${PRODUCT_NAME} on X` })).toBeTruthy();
  });
});
