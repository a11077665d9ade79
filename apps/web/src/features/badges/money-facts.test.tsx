// What a sponsor and an earner learn before committing: what publishing costs
// (balance, rewards in escrow, the 9 GETS fee, total, after) and why Publish
// is disabled; a badge's number labelled as such; its batch expiry and
// expiry on the card, in the details modal and on its page (decision 0067).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VALIDATION } from '@gets/schema';
import { formatDate } from '@/lib/format';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';
import { SPONSOR, field, stubApi } from '@/test/badge-screens';
import { describedBy, moneyFactsOf } from '@/test/money-facts';

const DAY = 86_400_000;
const balance = (userBalance: string) => ({
  data: {
    userBalance,
    stakingBalance: '0',
    totalStakingBalance: '0',
    account: SPONSOR.account,
    lockPeriod: 30,
  },
});

describe('the create page says what publishing costs', () => {
  it('shows the balance, the rewards in escrow, the fee, the total and the balance after', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) => (call.path === '/stake/balance' ? balance('12500') : undefined));
    renderRoute('/badge');
    await screen.findByRole('heading', { name: 'Create New Badge' });
    await waitFor(() =>
      expect(moneyFactsOf('What publishing costs')['Your balance']).toBe('12,500 GETS'),
    );
    expect(moneyFactsOf('What publishing costs')).toEqual({
      'Your balance': '12,500 GETS',
      'Rewards held in escrow': '– GETS',
      'Badge creation fee': '9 GETS',
      'Total to publish': '– GETS',
      'Your balance after': '– GETS',
    });
    fireEvent.change(field('Tokens per badge (GETS)'), { target: { value: '250' } });
    fireEvent.change(field('Number of badges'), { target: { value: '40' } });
    await waitFor(() =>
      expect(moneyFactsOf('What publishing costs')).toEqual({
        'Your balance': '12,500 GETS',
        'Rewards held in escrow': '10,000 GETS',
        'Badge creation fee': '9 GETS',
        'Total to publish': '10,009 GETS',
        'Your balance after': '2,491 GETS',
      }),
    );
    expect(screen.getByText(/^40 badges x 250 GETS, held in escrow/)).toBeTruthy();
    const publish = screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' });
    expect(publish.disabled).toBe(false);
    expect(publish.getAttribute('aria-describedby')).toBeNull();

    // 50 x 250 + 9 is above the balance: Publish is disabled and says why.
    fireEvent.change(field('Number of badges'), { target: { value: '50' } });
    await waitFor(() => expect(publish.disabled).toBe(true));
    expect(describedBy(publish)).toBe(VALIDATION.badge.notEnoughBalance);
    expect(moneyFactsOf('What publishing costs')['Your balance after']).toBe('-9 GETS');
  });

  it('shows the batch expiry the typed expiry gives on the preview card', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) => (call.path === '/stake/balance' ? balance('100') : undefined));
    renderRoute('/badge');
    const preview = await screen.findByRole('complementary', { name: 'Preview' });
    expect(within(preview).queryByText('Batch expiry:')).toBeNull();
    expect(within(preview).getByText('GETS 000').textContent).toBe('Badge No. GETS 000');
    fireEvent.change(field('Expiry (days)'), { target: { value: '10' } });
    await waitFor(() =>
      expect(within(preview).getByText('Batch expiry:').nextElementSibling?.textContent).toBe(
        formatDate(Date.now() + 10 * DAY),
      ),
    );
  });
});

describe('a badge shows its batch expiry and expiry before an earner applies', () => {
  const shown = sampleBadge({
    batchExpiryDate: new Date(Date.now() + 20 * DAY).toISOString(),
    expiryDate: new Date(Date.now() + 40 * DAY).toISOString(),
    amountOfToken: '1500',
    numberOfBadge: 2000,
  });

  it('on the card and in the details modal', async () => {
    const pending = sampleBadge({ _id: '7b7d1c52-8f0e-4a8e-9b0a-1c2d3e4f5a6b', name: 'Pending' });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [shown, pending], total: 2, nextCursor: null } }
        : undefined,
    );
    renderRoute('/explore');
    const [card, second] = await screen.findAllByTestId('badge-card');
    expect(within(card!).getByText('Batch expiry:').nextElementSibling?.textContent).toBe(
      formatDate(shown.batchExpiryDate),
    );
    expect(within(card!).getByText('Expires:').nextElementSibling?.textContent).toBe(
      formatDate(shown.expiryDate),
    );
    expect(within(card!).getByText('GETS 12').textContent).toBe('Badge No. GETS 12');
    // Not approved yet: the expiry is the admin's, set at approval.
    expect(within(second!).getByText('Expires:').nextElementSibling?.textContent).toBe(
      'set at approval',
    );

    fireEvent.click(within(card!).getByRole('button', { name: 'Intro to Solidity: open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    const row = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(row('Batch expiry')).toBe(formatDate(shown.batchExpiryDate));
    expect(row('Expires')).toBe(formatDate(shown.expiryDate));
    expect(row('Number Of Badges')).toBe('2,000');
    expect(row('Rewards in GETS')).toBe('1,500 GETS');
  });

  it('in the search list', async () => {
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [shown], total: 1, nextCursor: null } }
        : undefined,
    );
    renderRoute('/search');
    expect(
      await screen.findByText(
        `Batch expiry: ${formatDate(shown.batchExpiryDate)} · Expires: ${formatDate(shown.expiryDate)} · Claim period: –`,
      ),
    ).toBeTruthy();
  });

  it('on the badge page', async () => {
    stubApi((call) => (call.path === `/badge/details/${shown._id}` ? { data: shown } : undefined));
    renderRoute(`/badge/${shown._id}`);
    await screen.findByRole('heading', { name: 'Intro to Solidity' });
    const figure = (label: string) =>
      screen.getAllByText(label).find((node) => node.tagName === 'P')?.nextElementSibling
        ?.textContent;
    expect(figure('Batch expiry')).toBe(formatDate(shown.batchExpiryDate));
    expect(figure('Expires')).toBe(formatDate(shown.expiryDate));
    expect(figure('Badges issued')).toBe('2,000');
    expect(figure('Rewards per badge (GETS)')).toBe('1,500');
  });
});
