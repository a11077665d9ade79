// The admin console's sponsor screens through the real route table, with the
// API stubbed: sponsor approvals, active sponsors and the sponsor page (the
// shell and the Dash: admin-console.test.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACTIVE_SPONSORS_MAX_PAGE, ADMIN_TEXTS, TOASTS } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { stubApi, storeAdminSession } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

afterEach(() => closeAllStreams());

import { activeSponsorsOf, pendingSponsor, sponsor, stubConsole } from '@/test/admin-console';
import { SPONSOR_BAN_EFFECTS } from './components/sponsor-page';

describe('Profile approvals', () => {
  it('shows the count, 6 sponsors, then See more reveals all', async () => {
    storeAdminSession();
    stubConsole();
    renderRoute('/dashboard?menu=approvals');
    const heading = await screen.findByRole('heading', { name: /Pending profile approvals/ });
    expect(heading.textContent).toBe('Pending profile approvals (7)');
    await screen.findByText('Sponsor 6');
    expect(screen.queryByText('Sponsor 7')).toBeNull();
    expect(screen.getByText('sponsor1@example.org')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.seeMore }));
    expect(await screen.findByText('Sponsor 7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN_TEXTS.seeMore })).toBeNull();
  });

  it('Accept and Reject send the decision with the spec toasts; a failure says "Oops! Something went wrong!"', async () => {
    storeAdminSession();
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    let fail = false;
    const api = stubConsole({
      'PUT /admin/sponsors/status': () =>
        fail ? { status: 500, message: 'Something went wrong' } : { message: 'ok', data: {} },
    });
    renderRoute('/dashboard?menu=approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Sponsor 1' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOASTS.success.sponsorApproved));
    fireEvent.click(screen.getByRole('button', { name: 'Reject Sponsor 2' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOASTS.success.sponsorRejected));
    expect(api.callsTo('PUT', '/admin/sponsors/status').map((call) => call.body)).toEqual([
      { userId: pendingSponsor(1)._id, status: 'APPROVED' },
      { userId: pendingSponsor(2)._id, status: 'REJECTED' },
    ]);
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Accept Sponsor 3' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(TOASTS.error.generic));
  });

  it('lists rejected profiles apart, each with Accept only', async () => {
    storeAdminSession();
    const rejected = { ...pendingSponsor(9), status: 'REJECTED' as const };
    const api = stubConsole({
      'GET /admin/sponsors/unapproved': (call) => ({
        data: call.query.get('status') === 'REJECTED' ? [rejected] : [pendingSponsor(1)],
      }),
      'PUT /admin/sponsors/status': { message: 'ok', data: {} },
    });
    renderRoute('/dashboard?menu=approvals');
    fireEvent.click(await screen.findByText('Rejected profiles (1)'));
    expect(screen.queryByRole('button', { name: 'Reject Sponsor 9' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Sponsor 9' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/admin/sponsors/status').map((call) => call.body)).toEqual([
        { userId: rejected._id, status: 'APPROVED' },
      ]),
    );
  });

  it('says "No sponsors found!" when nobody waits', async () => {
    storeAdminSession();
    stubConsole({ 'GET /admin/sponsors/unapproved': { data: [] } });
    renderRoute('/dashboard?menu=approvals');
    expect(await screen.findByText(ADMIN_TEXTS.noSponsors)).toBeTruthy();
    expect(
      (await screen.findByRole('heading', { name: /Pending profile approvals/ })).textContent,
    ).toBe('Pending profile approvals (0)');
  });
});

describe('Active sponsors', () => {
  it('searches full names case-insensitively, 12 then See more, with the spec empty texts', async () => {
    storeAdminSession();
    const many = Array.from({ length: 14 }, (_, i) => sponsor(i + 1));
    const api = stubConsole({ 'GET /admin/sponsors/verified': activeSponsorsOf(many) });
    renderRoute('/dashboard?menu=active');
    await screen.findByText('Sponsor 12');
    expect(screen.queryByText('Sponsor 13')).toBeNull();
    // Only the 12 shown are asked for (their balances are read from the chain).
    expect(
      api.callsTo('GET', '/admin/sponsors/verified').map((call) => call.query.get('limit')),
    ).toEqual(['12']);
    const card = screen.getByRole('link', { name: /Sponsor 12\b/ });
    expect(card.getAttribute('href')).toBe(`/admin/sponsor/${sponsor(12)._id}`);
    expect(within(card).getByText('12.5 GETS')).toBeTruthy();
    expect(within(card).getByText('sponsor12@example.org')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.seeMore }));
    expect(await screen.findByText('Sponsor 14')).toBeTruthy();
    // See more asks for the rest after the 12th, not for the first 12 again.
    expect(
      api
        .callsTo('GET', '/admin/sponsors/verified')
        .map((call) => [call.query.get('limit'), call.query.get('after')]),
    ).toEqual([
      ['12', null],
      [String(ACTIVE_SPONSORS_MAX_PAGE), sponsor(12)._id],
    ]);
    expect(screen.queryByRole('button', { name: ADMIN_TEXTS.seeMore })).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search sponsors' });
    fireEvent.change(search, { target: { value: 'SPONSOR 1' } });
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /^Sponsor \d/ })).toHaveLength(6),
    ); // 1, 10, 11, 12, 13, 14
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No results found for "zzz"')).toBeTruthy();
  });

  it('See more shows every sponsor, loaded a page at a time', async () => {
    storeAdminSession();
    const count = 12 + 2 * ACTIVE_SPONSORS_MAX_PAGE + 5;
    const many = Array.from({ length: count }, (_, i) => sponsor(i + 1));
    const api = stubConsole({ 'GET /admin/sponsors/verified': activeSponsorsOf(many) });
    renderRoute('/dashboard?menu=active');
    await screen.findByText('Sponsor 12');
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.seeMore }));
    expect(await screen.findByText(`Sponsor ${count}`)).toBeTruthy();
    // Counted by their links' target: role queries over 217 cards took 13-17 s
    // on two cores in jsdom.
    expect(document.querySelectorAll('a[href^="/admin/sponsor/"]')).toHaveLength(count);
    expect(
      api.callsTo('GET', '/admin/sponsors/verified').map((call) => call.query.get('after')),
    ).toEqual([
      null,
      sponsor(12)._id,
      sponsor(12 + ACTIVE_SPONSORS_MAX_PAGE)._id,
      sponsor(12 + 2 * ACTIVE_SPONSORS_MAX_PAGE)._id,
    ]);
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it('says "No sponsors found!" without any', async () => {
    storeAdminSession();
    stubConsole({ 'GET /admin/sponsors/verified': activeSponsorsOf([]) });
    renderRoute('/dashboard?menu=active');
    expect(await screen.findByText(ADMIN_TEXTS.noSponsors)).toBeTruthy();
  });
});

describe('the sponsor page', () => {
  const id = sponsor(5)._id;

  it('shows the profile, SEND GETS with the address locked, Verify with its toasts', async () => {
    storeAdminSession();
    const loading = vi.spyOn(toast, 'loading');
    const success = vi.spyOn(toast, 'success');
    let verified = false;
    const api = stubConsole({
      [`GET /admin/sponsor/${id}`]: () => ({ data: sponsor(5, { isVerified: verified }) }),
      'PUT /admin/change/verified-status': () => {
        verified = true;
        return { message: 'Sponsor verified', data: {} };
      },
    });
    renderRoute(`/admin/sponsor/${id}`);
    expect(await screen.findByRole('heading', { name: 'Sponsor 5' })).toBeTruthy();
    expect(screen.getByText('@sponsor5')).toBeTruthy();
    expect(screen.getByText('5.5 GETS')).toBeTruthy();
    expect(screen.getByText('sponsor5@example.org')).toBeTruthy();
    expect(screen.getByRole('img', { name: "Sponsor 5's picture" })).toBeTruthy();
    // The header's SEND GETS is hidden here; the page's own sends to this sponsor.
    expect(screen.getAllByRole('button', { name: ADMIN_TEXTS.sendGets })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.sendGets }));
    const dialog = await screen.findByRole('dialog', { name: 'Send GETS' });
    const address = within(dialog).getByLabelText<HTMLInputElement>('Wallet address');
    expect(address.value).toBe(sponsor(5).account);
    expect(address.readOnly).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByText(ADMIN_TEXTS.verifiedSponsor)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(TOASTS.success.sponsorVerified, expect.anything()),
    );
    expect(loading).toHaveBeenCalledWith(TOASTS.loading.verifyingSponsor);
    expect(api.callsTo('PUT', '/admin/change/verified-status')[0]?.body).toEqual({
      userId: id,
      isVerified: true,
    });
    expect(await screen.findByText(ADMIN_TEXTS.verifiedSponsor)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('lists the badges the sponsor launched, with their count', async () => {
    storeAdminSession();
    const api = stubConsole({
      [`GET /admin/sponsor/${id}`]: { data: sponsor(5) },
      'GET /badge/published/admin': { data: { badges: [], totalBadge: 0 } },
    });
    renderRoute(`/admin/sponsor/${id}`);
    expect(await screen.findByRole('heading', { name: 'Launched badges (00)' })).toBeTruthy();
    expect(await screen.findByText('No badges found!')).toBeTruthy();
    expect(api.callsTo('GET', '/badge/published/admin')[0]?.query.get('account')).toBe(
      sponsor(5).account,
    );
  });

  it('"Verifying sponsor failed!" when the call fails', async () => {
    storeAdminSession();
    const error = vi.spyOn(toast, 'error');
    stubConsole({
      [`GET /admin/sponsor/${id}`]: { data: sponsor(5) },
      'PUT /admin/change/verified-status': {
        status: 409,
        message: 'Only an approved sponsor can be verified',
      },
    });
    renderRoute(`/admin/sponsor/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(TOASTS.error.verifyingSponsorFailed, expect.anything()),
    );
  });

  it('Ban asks first, then bans; Lift ban undoes it', async () => {
    storeAdminSession();
    let banned = false;
    const api = stubConsole({
      [`GET /admin/sponsor/${id}`]: () => ({ data: sponsor(5, { isBanned: banned }) }),
      'PUT /admin/sponsors/ban-status': (call) => {
        banned = call.body?.isBanned === true;
        return { message: banned ? 'Sponsor banned' : 'Ban lifted', data: {} };
      },
    });
    renderRoute(`/admin/sponsor/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban sponsor' });
    // What will happen, before the admin confirms.
    expect(
      within(within(dialog).getByRole('list', { name: 'What the ban does' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...SPONSOR_BAN_EFFECTS]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByRole('button', { name: 'Lift ban' })).toBeTruthy();
    expect(screen.getByText(/This sponsor is banned/)).toBeTruthy();
    expect(api.callsTo('PUT', '/admin/sponsors/ban-status')[0]?.body).toEqual({
      userId: id,
      isBanned: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lift ban' }));
    const lift = await screen.findByRole('dialog', { name: 'Lift the ban' });
    fireEvent.click(within(lift).getByRole('button', { name: 'Lift ban' }));
    expect(await screen.findByRole('button', { name: 'Ban' })).toBeTruthy();
  });

  it('sends anyone but an admin to /dashboard', async () => {
    stubApi({});
    const { router } = renderRoute(`/admin/sponsor/${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
