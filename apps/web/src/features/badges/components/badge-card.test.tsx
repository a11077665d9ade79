// The badge card's button: its name contains the text it shows (WCAG 2.5.3,
// axe's label-content-name-mismatch), whatever else the card shows beside it.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Badge } from '@gets/schema';
import { sampleBadge } from '@/test/fixtures';
import { BadgeCard } from './badge-card';
import { SelectBadgeContext } from './badge-details-context';

function renderCard(badge: Badge) {
  const select = vi.fn();
  render(
    <SelectBadgeContext.Provider value={select}>
      <BadgeCard badge={badge} />
    </SelectBadgeContext.Provider>,
  );
  return select;
}

/** The button's name begins with all the text it shows. */
function expectNameStartsWithItsText(button: HTMLElement) {
  const shown = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
  expect(shown).not.toBe('');
  expect(button.getAttribute('aria-label')!.startsWith(shown)).toBe(true);
}

describe('BadgeCard', () => {
  it('is opened by a button named "{title}: open details" whose name begins with what it shows', () => {
    const badge = sampleBadge();
    const select = renderCard(badge);
    const button = screen.getByRole('button', { name: 'Intro to Solidity: open details' });
    expectNameStartsWithItsText(button);
    // The card shows the token line beside the button, not inside it.
    expect(screen.getByText('GETS 12')).toBeTruthy();
    expect(button.textContent).not.toContain('GETS');
    fireEvent.click(button);
    expect(select).toHaveBeenCalledWith(badge);
  });

  it('keeps "Expired" outside the button, and names an untitled card by the text it shows', () => {
    renderCard(
      sampleBadge({ name: '', batchExpiryDate: new Date(Date.now() - 86_400_000).toISOString() }),
    );
    expect(screen.getByText('Expired')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Badge title: open details' });
    expectNameStartsWithItsText(button);
    expect(button.textContent).toBe('Badge title');
  });
});
