// The earner's and the sponsor's dashboards through the real providers, with
// the API stubbed by path: the cards, the statuses of applications and
// awards, the counts and the award winners (applying, claiming and reviewing:
// applications.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { type ApplicationWithBadge } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { closeAllStreams } from '@/features/custody';
import { EarnerDashboard } from './components/earner-dashboard';
import { WAITING_FOR_ADMIN } from '@/features/badges';
import {
  ME,
  SPONSOR,
  application,
  badge,
  balances,
  stubApi,
  withBadge,
} from '@/test/application-screens';

afterEach(() => {
  closeAllStreams();
});

describe('the earner dashboard', () => {
  function renderDashboard(applications: ApplicationWithBadge[], awards: ApplicationWithBadge[]) {
    storeUserSession(ME);
    stubApi((call) => {
      if (call.path === '/stake/balance') return balances('12.5', '3');
      if (call.path === '/badge/applied/earner') return { data: applications };
      if (call.path === `/badge/assigned/${ME.account}`) return { data: awards };
      if (call.path === '/credentials/mine') return { data: [] };
      return undefined;
    });
    return renderRoute('/dashboard');
  }

  const card = (label: string) =>
    within(screen.getByRole('group', { name: label })).getAllByRole('paragraph');

  it('shows the cards, the empty texts and the loading overlay first', async () => {
    renderDashboard([], []);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(await screen.findByText('You have not earned any badges yet!')).toBeTruthy();
    expect(screen.getByText('No applications found!')).toBeTruthy();
    // Both empty states, a list's and a table's, are the one EmptyState.
    for (const text of ['You have not earned any badges yet!', 'No applications found!']) {
      expect(screen.getByText(text).hasAttribute('data-empty-state')).toBe(true);
    }
    await waitFor(() => expect(card('GETS')[1]!.textContent).toBe('12.5'));
    expect(card('STAKED')[1]!.textContent).toBe('3');
    expect(card('MY AWARDS')[1]!.textContent).toBe('0');
    expect(screen.getByRole('link', { name: 'EARNER FREEDOM AWARD' }).getAttribute('href')).toBe(
      '/stake',
    );
    expect(screen.getByRole('link', { name: /GET TOKENS/ }).getAttribute('target')).toBe('_blank');
  });

  it('reads each status of My Applications, "Banned" over any, and MY AWARDS stays 0', async () => {
    const claimed = application({ _id: 'c1', status: 'TOKEN_CLAIMED' });
    renderDashboard(
      [
        withBadge(application({ _id: 'u1' }), badge({ _id: 'b1', name: 'Under Badge' })),
        withBadge(
          application({
            _id: 'p1',
            status: 'APPROVED',
            claimDeadline: new Date(Date.now() + 86_400_000).toISOString(),
          }),
          badge({ _id: 'b2', name: 'Approved Badge' }),
        ),
        withBadge(
          application({ _id: 'r1', status: 'REJECTED' }),
          badge({ _id: 'b3', name: 'Rejected Badge' }),
        ),
        withBadge(
          application({ _id: 'x1', status: 'APPROVED' }),
          badge({ _id: 'b4', name: 'Banned Badge', status: 'BANNED' }),
        ),
        withBadge(
          application({
            _id: 'x2',
            status: 'APPROVED',
            claimDeadline: new Date(Date.now() + 86_400_000).toISOString(),
          }),
          badge({ _id: 'b6', name: 'Banned Owed Badge', status: 'BANNED' }),
        ),
        withBadge(
          application({
            _id: 'x3',
            status: 'APPROVED',
            claimDeadline: new Date(Date.now() + 86_400_000).toISOString(),
          }),
          badge({ _id: 'b7', name: 'Deleted Owed Badge', status: 'DELETED' }),
        ),
        withBadge(claimed, badge({ _id: 'b5', name: 'Claimed Badge' })),
      ],
      [withBadge(claimed, badge({ _id: 'b5', name: 'Claimed Badge' }))],
    );
    const table = await screen.findByRole('region', { name: 'My Applications' });
    const row = async (name: string) =>
      (await within(table).findByText(name)).closest('tr') as HTMLElement;
    expect((await row('Under Badge')).textContent).toContain('Under review');
    expect(
      within(await row('Approved Badge')).getByRole('button', { name: 'Claim Approved Badge' }),
    ).toBeTruthy();
    expect((await row('Rejected Badge')).textContent).toContain('Rejected');
    expect((await row('Banned Badge')).textContent).toContain('Banned');
    // What an approved earner is owed outlives a ban or a deletion until the deadline.
    const bannedOwed = await row('Banned Owed Badge');
    expect(bannedOwed.textContent).toContain('Banned');
    expect(bannedOwed.textContent).toContain('then the reward goes back to the sponsor');
    expect(
      within(bannedOwed).getByRole('button', { name: 'Claim Banned Owed Badge' }),
    ).toBeTruthy();
    const deletedOwed = await row('Deleted Owed Badge');
    expect(deletedOwed.textContent).toContain('Badge deleted');
    expect(
      within(deletedOwed).getByRole('button', { name: 'Claim Deleted Owed Badge' }),
    ).toBeTruthy();
    expect((await row('Claimed Badge')).textContent).toContain('Claimed');
    expect(
      within(screen.getByRole('list', { name: 'My badges' })).getByRole('button', {
        name: 'Claimed Badge: open details',
      }),
    ).toBeTruthy();
    // MY AWARDS is always 0 (spec section 2), whatever the earner holds.
    expect(card('MY AWARDS')[1]!.textContent).toBe('0');
  });

  it('GIVE TOKENS opens the Give Tokens dialog; GET TOKENS goes to the configured exchange', async () => {
    storeUserSession(ME);
    stubApi((call) =>
      call.path === '/platform'
        ? { data: { exchangeUrl: 'https://exchange.example/gets' } }
        : { data: [] },
    );
    const router = createMemoryRouter([
      {
        path: '*',
        element: <EarnerDashboard user={{ ...ME, userType: 'EARNER', onChainId: '1' }} />,
      },
    ]);
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'GIVE TOKENS' }));
    expect(await screen.findByRole('dialog', { name: 'Give Tokens' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /GET TOKENS/ }).getAttribute('href')).toBe(
        'https://exchange.example/gets',
      ),
    );
  });
});

describe('the sponsor dashboard', () => {
  it('shows the carousel, the counts, the GETS awarded and the award winners', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) => {
      if (call.path === '/stake/balance') return balances('90');
      if (call.path === '/badge/allBadge/list')
        return {
          data: [badge(), badge({ _id: 'd1', isDraft: true, status: 'DRAFT', name: 'Draft One' })],
        };
      if (call.path === `/user/sponsor/total-awards/${SPONSOR.account}`)
        return { data: { totalAwards: 2, totalTokens: '20' } };
      if (call.path === `/user/sponsor/all-earners/${SPONSOR.account}`)
        return {
          data: [
            {
              applicationId: 'w1',
              fullName: 'Ada Lovelace',
              studentAddress: ME.account,
              assignedHash: `0x${'cd'.repeat(32)}`,
              assignedAt: new Date().toISOString(),
              transactionChainScanUrl: `https://polygonscan.com/tx/0x${'cd'.repeat(32)}`,
              badgeId: badge()._id,
              badgeName: 'Engine Programmer',
              amount: '10',
            },
          ],
        };
      return undefined;
    });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sponsor Dashboard' })).toBeTruthy();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    // Each slide's words are text (readable at any width), not drawn inside its picture.
    expect(within(carousel).getAllByText('Reward what learners achieve').length).toBeGreaterThan(0);
    expect(within(carousel).getAllByText('Grow the Community Treasure').length).toBeGreaterThan(0);
    expect(within(carousel).getByRole('button', { name: 'Go to slide 2' })).toBeTruthy();
    expect(await screen.findByText('20 GETS')).toBeTruthy();
    const group = (label: string) =>
      within(screen.getByRole('group', { name: label })).getAllByRole('paragraph')[1]!.textContent;
    await waitFor(() => expect(group('DRAFT BADGES')).toBe('1'));
    expect(group('GETS')).toBe('90');
    const winners = await screen.findByRole('list', { name: 'Award winners' });
    expect(within(winners).getByText('Ada Lovelace')).toBeTruthy();
    expect(
      within(winners)
        .getByRole('link', { name: /0xcdcd\.\.\.cdcd/ })
        .getAttribute('href'),
    ).toBe(`https://polygonscan.com/tx/0x${'cd'.repeat(32)}`);
    expect(screen.getByRole('link', { name: 'STAKE TOKENS' }).getAttribute('href')).toBe('/stake');
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: 'Create Badge' })
        .getAttribute('href'),
    ).toBe('/badge');
  });

  it('says when no award winner exists yet', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) =>
      call.path === '/stake/balance'
        ? balances('0')
        : call.path.includes('total-awards')
          ? { data: { totalAwards: 0, totalTokens: '0' } }
          : { data: [] },
    );
    renderRoute('/dashboard');
    expect(await screen.findByText('No Award Winner found.')).toBeTruthy();
  });

  it('says under a published badge that waits for an admin that it does, and not under an approved one', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) => {
      if (call.path === '/stake/balance') return balances('90');
      if (call.path === '/badge/allBadge/list')
        return {
          data: [
            badge({ _id: 'w1', name: 'Waiting One', status: 'UNDER_VERIFICATION' }),
            badge({ _id: 'v1', name: 'Approved One', status: 'VERIFIED' }),
          ],
        };
      if (call.path.includes('total-awards')) return { data: { totalAwards: 0, totalTokens: '0' } };
      return { data: [] };
    });
    renderRoute('/dashboard');
    const published = await screen.findByRole('list', { name: 'Published badges' });
    const cardOf = (name: string) =>
      within(published)
        .getByRole('button', { name: `${name}: open details` })
        .closest('li')!;
    await waitFor(() =>
      expect(within(cardOf('Waiting One')).getByText(new RegExp(WAITING_FOR_ADMIN))).toBeTruthy(),
    );
    expect(within(cardOf('Approved One')).queryByText(new RegExp(WAITING_FOR_ADMIN))).toBeNull();
    expect(WAITING_FOR_ADMIN).toBe('Waiting for an admin to approve it');
  });
});
