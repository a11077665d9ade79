// The badge page and the admin's badge screens through the real route table
// and providers, with the API stubbed by path: what a visitor and an admin see
// and can do (the create form, lists and details modal: badges.test.tsx).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';
import { AdminBadgesScreen, PendingBadgeApprovals } from '@/features/badges';
import { APPROVE_DIALOG_TITLE } from './components/admin/approve-badge-dialog';
import { BADGE_BAN_EFFECTS, BAN_BADGE_TITLE } from './components/admin/ban-badge-dialog';
import { SPONSOR, renderAlone, stubApi, storeAdmin } from '@/test/badge-screens';

const badge = sampleBadge;

describe('/badge/{id}', () => {
  it('shows the public view with the sponsor, a QR of its link and Copy link', async () => {
    const shown = badge();
    stubApi((call) => (call.path === `/badge/details/${shown._id}` ? { data: shown } : undefined));
    renderRoute(`/badge/${shown._id}`);
    expect(await screen.findByRole('heading', { name: 'Intro to Solidity' })).toBeTruthy();
    expect(screen.getByText(SPONSOR.fullName)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code linking to Intro to Solidity' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ban' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Intro to Solidity - GETS Badges'));
  });

  it('gives an admin the Ban button, and shows "Banned" once banned', async () => {
    storeAdmin();
    const shown = badge();
    stubApi((call) => (call.path === `/badge/details/${shown._id}` ? { data: shown } : undefined));
    renderRoute(`/badge/${shown._id}`);
    expect(await screen.findByRole('button', { name: 'Ban' })).toBeTruthy();

    const banned = badge({
      _id: '6b7d1c52-8f0e-4a8e-9b0a-1c2d3e4f5a6b',
      status: 'BANNED',
      isVerified: false,
    });
    stubApi((call) =>
      call.path === `/badge/details/${banned._id}` ? { data: banned } : undefined,
    );
    renderRoute(`/badge/${banned._id}`);
    expect(await screen.findByText('Banned')).toBeTruthy();
  });

  it('lists what a ban does before the admin confirms; Cancel asks nothing of the server', async () => {
    storeAdmin();
    const shown = badge();
    const calls = stubApi((call) => {
      if (call.path === `/badge/details/${shown._id}`) return { data: shown };
      if (call.path === `/admin/badge/ban/${shown._id}`) {
        return {
          message: 'Consent required',
          data: {
            consentToken: `consent-token-${'x'.repeat(20)}`,
            description: `Ban the badge "${shown.name}"`,
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
          },
        };
      }
      return undefined;
    });
    renderRoute(`/badge/${shown._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('alertdialog', { name: BAN_BADGE_TITLE });
    expect(
      within(within(dialog).getByRole('list', { name: 'What the ban does' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...BADGE_BAN_EFFECTS]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: BAN_BADGE_TITLE })).toBeNull(),
    );
    expect(calls.some((call) => call.path.startsWith('/admin/badge/ban/'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const again = await screen.findByRole('alertdialog', { name: BAN_BADGE_TITLE });
    fireEvent.click(within(again).getByRole('button', { name: 'Ban' }));
    // Then the consent, in the server's words; nothing is signed before it.
    expect(await screen.findByRole('alertdialog', { name: 'Ban badge' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/admin/badge/ban/'))).toHaveLength(1);
  });

  it("shows the server's message when the badge cannot be fetched", async () => {
    stubApi(() => ({ status: 404, message: 'Badge not found' }));
    renderRoute('/badge/7b7d1c52-8f0e-4a8e-9b0a-1c2d3e4f5a6b');
    expect(await screen.findByText('Badge not found!')).toBeTruthy();
  });
});

describe('admin badge screens', () => {
  const pending = (n: number) =>
    badge({
      _id: `0000000${n}-8f0e-4a8e-9b0a-1c2d3e4f5a6b`,
      name: `Pending ${n}`,
      status: 'UNDER_VERIFICATION',
      isVerified: false,
    });

  it('Pending badge approvals: 3 first, the period notice, the access filter, and Verify details opens the panel', async () => {
    storeAdmin();
    const calls = stubApi((call) => {
      if (call.path !== '/admin/badge') return undefined;
      const all = [1, 2, 3, 4].map(pending);
      const limit = Number(call.query.get('limit'));
      return {
        data: {
          badges: all.slice(0, limit),
          total: all.length,
          hasMore: limit < all.length,
          page: 1,
          limit,
          approvalPeriod: 10,
        },
      };
    });
    renderAlone(<PendingBadgeApprovals />);
    expect(
      await screen.findByText('Approve badges within 10 days or they will be removed'),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Pending badges' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(calls[0]!.query.get('status')).toBe('UNDER_VERIFICATION');

    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Pending badges' })).getAllByRole('listitem'),
      ).toHaveLength(4),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Public' }));
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('badgeAccess') === 'public')).toBe(true),
    );

    fireEvent.click((await screen.findAllByRole('button', { name: 'Verify details' }))[0]!);
    const panel = await screen.findByRole('dialog', { name: 'Pending 1' });
    expect(within(panel).getByText(SPONSOR.fullName)).toBeTruthy();
    expect(within(panel).getByText('@springfield')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: APPROVE_DIALOG_TITLE });
    // Without a date, Approve does nothing.
    fireEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(calls.some((c) => c.path === '/metakeep/badge/approve')).toBe(false);
    expect(screen.getByRole('dialog', { name: APPROVE_DIALOG_TITLE })).toBeTruthy();
  });

  it('Badges screen: count, search by name on the server, and its empty texts', async () => {
    storeAdmin();
    const calls = stubApi((call) => {
      if (call.path !== '/admin/badge') return undefined;
      const name = call.query.get('name');
      const removed = { ...pending(2), status: 'REMOVED' as const };
      const badges = name ? [] : [badge(), pending(1), removed];
      return {
        data: { badges, total: 3, hasMore: false, page: 1, limit: 12, approvalPeriod: 10 },
      };
    });
    renderAlone(<AdminBadgesScreen />);
    expect(await screen.findByRole('heading', { name: 'Badges (3)' })).toBeTruthy();
    // A badge not approved within the approval period says so.
    expect(screen.getAllByText('Removed: not approved in time')).toHaveLength(1);
    // A pending badge offers Verify details; an approved one links to its page.
    expect(screen.getAllByRole('button', { name: 'Verify details' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Intro to Solidity/ }).getAttribute('href')).toBe(
      `/badge/${badge()._id}`,
    );
    fireEvent.change(screen.getByLabelText('Search sponsor'), { target: { value: 'chemistry' } });
    expect(await screen.findByText('No results found for chemistry')).toBeTruthy();
    expect(calls.some((c) => c.query.get('name') === 'chemistry')).toBe(true);
  });
});
