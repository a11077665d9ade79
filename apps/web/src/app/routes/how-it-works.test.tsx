import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { EXTERNAL_LINKS, HOW_IT_WORKS_MOBILE_BREAKPOINT_PX, USER_MANUAL_PATH } from '@gets/schema';
import { stubViewportWidth } from '@/test/match-media';
import { renderRoute } from '@/test/render-route';

describe('How It Works', () => {
  it('links to the explainer video in a new tab', async () => {
    renderRoute('/how-it-works');
    const video = await screen.findByRole('link', { name: 'Watch Video' });
    expect(video.getAttribute('href')).toBe(EXTERNAL_LINKS.explainerVideo);
    expect(video.getAttribute('target')).toBe('_blank');
    await waitFor(() => expect(document.title).toMatch(/^How It Works - /));
  });

  it('embeds the user manual on screens 768 px and wider', async () => {
    stubViewportWidth(HOW_IT_WORKS_MOBILE_BREAKPOINT_PX);
    renderRoute('/how-it-works');
    const embed = await screen.findByLabelText('User manual');
    expect(embed.tagName).toBe('OBJECT');
    expect(embed.getAttribute('data')).toBe(USER_MANUAL_PATH);
    expect(screen.queryByRole('link', { name: 'Open PDF' })).toBeNull();
  });

  it('offers an "Open PDF" link instead below 768 px', async () => {
    stubViewportWidth(HOW_IT_WORKS_MOBILE_BREAKPOINT_PX - 1);
    renderRoute('/how-it-works');
    expect(await screen.findByText('View the document by clicking below:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open PDF' }).getAttribute('href')).toBe(
      USER_MANUAL_PATH,
    );
    expect(screen.queryByLabelText('User manual')).toBeNull();
  });
});
