// The badge screens through the real route table and providers, with the API
// stubbed by path: what a sponsor and a visitor see and can do in the create
// form, the lists and the badge details modal (the badge page and the admin's
// screens: badge-page-and-admin.test.tsx).
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOASTS, VALIDATION } from '@gets/schema';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';
import { FEE_TOOLTIP } from './components/badge-form';
import { DELETE_DRAFT_TEXT, deleteBadgeText } from './components/badge-details-modal';
import { SPONSOR, field, stubApi } from '@/test/badge-screens';
import { CREATE_BADGE_AWAITING_APPROVAL } from '@/features/accounts/components/create-badge-closed';
import { SPONSOR_REJECTED } from '@/features/accounts/components/user-landing';

const badge = sampleBadge;

describe('/badge (create)', () => {
  const balance = (userBalance: string) => ({
    data: { userBalance, stakingBalance: '0', totalStakingBalance: '0', account: SPONSOR.account },
  });

  it('validates on change with the spec messages, keeps digits only and checks the balance with the fee', async () => {
    storeUserSession(SPONSOR);
    stubApi((call) => (call.path === '/stake/balance' ? balance('100') : undefined));
    renderRoute('/badge');
    expect(await screen.findByRole('heading', { name: 'Create New Badge' })).toBeTruthy();
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(FEE_TOOLTIP);
    expect(await screen.findByText(VALIDATION.badge.inputTokensAndBadges)).toBeTruthy();

    fireEvent.change(field('Title'), { target: { value: 'Solidity' } });
    expect(await screen.findByText('37 characters remaining')).toBeTruthy();
    fireEvent.change(field('Title'), { target: { value: 'x'.repeat(46) } });
    expect(await screen.findByText(VALIDATION.badge.titleMax)).toBeTruthy();

    fireEvent.change(field('Tokens per badge (GETS)'), { target: { value: '1a0' } });
    await waitFor(() => expect(field('Tokens per badge (GETS)').value).toBe('10'));
    fireEvent.change(field('Number of badges'), { target: { value: '0' } });
    expect(await screen.findByText(VALIDATION.badge.badgesPositive)).toBeTruthy();
    // 9 × 10 + the 9 GETS fee = 99: the balance of 100 pays it.
    fireEvent.change(field('Number of badges'), { target: { value: '9' } });
    expect(await screen.findByText(VALIDATION.badge.enoughBalance)).toBeTruthy();
    // 10 × 10 + 9 = 109 does not.
    fireEvent.change(field('Number of badges'), { target: { value: '10' } });
    expect(await screen.findByText(VALIDATION.badge.notEnoughBalance)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);

    fireEvent.change(field('Award criteria'), { target: { value: 'too short' } });
    expect(await screen.findByText(VALIDATION.badge.criteriaMin)).toBeTruthy();
    fireEvent.change(field('Expiry (days)'), { target: { value: '0' } });
    expect(await screen.findByText(VALIDATION.badge.expiryMin)).toBeTruthy();
    expect(field('Expiry (days)').value).toBe('');
    fireEvent.change(field('Video link'), { target: { value: 'not a link' } });
    expect(await screen.findByText(VALIDATION.badge.videoLinkUrl)).toBeTruthy();
  });

  it('asks for an image before saving a draft, and saves nothing without one', async () => {
    storeUserSession(SPONSOR);
    const calls = stubApi((call) => (call.path === '/stake/balance' ? balance('100') : undefined));
    renderRoute('/badge');
    await screen.findByRole('heading', { name: 'Create New Badge' });
    fireEvent.change(field('Title'), { target: { value: 'Solidity' } });
    fireEvent.change(field('Tokens per badge (GETS)'), { target: { value: '5' } });
    fireEvent.change(field('Number of badges'), { target: { value: '2' } });
    fireEvent.change(field('Award criteria'), {
      target: { value: 'Complete every module of the course' },
    });
    fireEvent.change(field('Expiry (days)'), { target: { value: '30' } });
    fireEvent.change(field('Description'), { target: { value: 'A badge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(TOASTS.error.imageRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/badge/add/draft')).toBe(false);
  });

  it('tells a sponsor who is not approved why it is closed, and sends everyone else to /dashboard', async () => {
    storeUserSession({ ...SPONSOR, status: 'PENDING' });
    stubApi(() => ({ data: false }));
    const pending = renderRoute('/badge');
    expect(await screen.findByText(CREATE_BADGE_AWAITING_APPROVAL)).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(pending.router.state.location.pathname).toBe('/badge');
    pending.unmount();

    storeUserSession({ ...SPONSOR, status: 'REJECTED' });
    const rejected = renderRoute('/badge');
    expect(await screen.findByText(SPONSOR_REJECTED)).toBeTruthy();
    rejected.unmount();

    storeUserSession(EARNER);
    const { router } = renderRoute('/badge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  /** Opens the create page on a draft whose claim deadline is `daysLeft` away (negative: past). */
  async function openDraft(daysLeft: number) {
    storeUserSession(SPONSOR);
    const draft = badge({
      isDraft: true,
      status: 'DRAFT',
      badgeNo: null,
      onChainId: null,
      batchExpiryDate: new Date(Date.now() + daysLeft * 86_400_000).toISOString(),
    });
    stubApi((call) =>
      call.path === `/badge/details/${draft._id}`
        ? { data: draft }
        : call.path === '/stake/balance'
          ? balance('100')
          : undefined,
    );
    renderRoute(`/badge?id=${draft._id}`);
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
  }

  it('loads a draft for editing: expiry as the days left, Save Changes', async () => {
    await openDraft(2.5);
    expect(field('Title').value).toBe('Intro to Solidity');
    expect(field('Expiry (days)').value).toBe('3');
    expect(field('Evidence').value).toBe('The quiz certificate');
  });

  it('opens an expired draft with Expiry 0 (the days left, at least 0), not empty', async () => {
    await openDraft(-3);
    expect(field('Expiry (days)').value).toBe('0');
  });
});

describe('badge lists', () => {
  it('explore says which filter found nothing', async () => {
    const calls = stubApi((call) =>
      call.path.startsWith('/badge/list/')
        ? { data: { badges: [], total: 0, nextCursor: null } }
        : undefined,
    );
    renderRoute('/explore?filter=popular');
    expect(
      (await screen.findByText('No "popular" badges found!')).hasAttribute('data-empty-state'),
    ).toBe(true);
    expect(calls.some((c) => c.path === '/badge/list/popular')).toBe(true);
  });

  it('search asks the server for the name and heads the list by viewer', async () => {
    storeUserSession(EARNER);
    const calls = stubApi((call) =>
      call.path === '/badge/list/recent'
        ? {
            data: {
              badges: call.query.get('name') === 'solidity' ? [badge()] : [],
              total: 1,
              nextCursor: null,
            },
          }
        : undefined,
    );
    renderRoute('/search?name=solidity');
    expect(await screen.findByRole('heading', { name: 'Click To Apply' })).toBeTruthy();
    // The row's button is its title, so its name contains the text it shows (WCAG 2.5.3).
    const row = await screen.findByRole('button', { name: 'Intro to Solidity: open details' });
    expect(row.textContent).toBe('Intro to Solidity');
    expect(calls.find((c) => c.path === '/badge/list/recent')!.query.get('name')).toBe('solidity');
  });

  it('search shows "Badge List" to visitors and "No Badge Found!" when nothing matches', async () => {
    stubApi(() => ({ data: { badges: [], total: 0, nextCursor: null } }));
    renderRoute('/search?name=nothing');
    expect(await screen.findByRole('heading', { name: 'Badge List' })).toBeTruthy();
    expect((await screen.findByText('No Badge Found!')).hasAttribute('data-empty-state')).toBe(
      true,
    );
  });
});

describe('badge details modal', () => {
  it("gives the owning sponsor a draft's actions, and Delete Draft asks first", async () => {
    storeUserSession(SPONSOR);
    const draft = badge({
      isDraft: true,
      status: 'DRAFT',
      badgeNo: null,
      onChainId: null,
      transactionHash: null,
    });
    const calls = stubApi((call) => {
      if (call.path === '/badge/allBadge/list') return { data: [draft] };
      if (call.path === `/badge/delete/draft/${draft._id}`)
        return { data: { _id: draft._id }, message: 'Draft deleted' };
      if (call.path === '/stake/balance')
        return {
          data: {
            userBalance: '100',
            stakingBalance: '0',
            totalStakingBalance: '0',
            account: SPONSOR.account,
          },
        };
      if (call.path === '/user/isApproved') return { data: true };
      return undefined;
    });
    renderRoute('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Solidity: open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Edit Draft' })).toBeTruthy();
    expect(within(dialog).queryByText('Badge Link')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Draft' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Draft' });
    expect(within(confirm).getByText(DELETE_DRAFT_TEXT)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(TOASTS.success.draftDeleted)).toBeTruthy();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === `/badge/delete/draft/${draft._id}`),
    ).toBe(true);
  });

  it('Delete Badge says, before anything is signed, what comes back and what approved earners keep', async () => {
    storeUserSession(SPONSOR);
    // The case: 2 x 7 GETS, one earner approved.
    const published = badge({ numberOfBadge: 2, availableBadge: 1, amountOfToken: '7' });
    const calls = stubApi((call) => {
      if (call.path === '/badge/allBadge/list') return { data: [published] };
      if (call.path === '/user/isApproved') return { data: true };
      return undefined;
    });
    renderRoute('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Solidity: open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Badge' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Badge' });
    expect(confirm.textContent).toContain(
      '7 GETS comes back to your wallet: the rewards of the 1 badge nobody was approved for.',
    );
    expect(confirm.textContent).toContain(
      'Earners you approved who have not claimed yet keep their 7 GETS reward and can still claim it until their claim deadline',
    );
    expect(deleteBadgeText(badge({ status: 'UNDER_VERIFICATION', availableBadge: 5 }))).toContain(
      '59 GETS comes back to your wallet: the rewards of the 5 badges nobody was approved for, plus the 9 GETS creation fee.',
    );
    expect(deleteBadgeText(badge({ availableBadge: 0 }))).toContain(
      'Nothing comes back to your wallet: every badge was awarded.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Nothing was asked of the server by reading the dialog.
    expect(calls.some((c) => c.path === '/badge/metakeep/delete')).toBe(false);
  });

  it('keeps Apply in a footer under the scrolling details, in view however long they are (1366 x 768)', async () => {
    const long = badge({ description: 'A long description. '.repeat(80) });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [long], total: 1, nextCursor: null } }
        : undefined,
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Solidity: open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    const body = within(dialog).getByTestId('modal-body');
    const footer = within(dialog).getByTestId('modal-footer');
    // The dialog is at most the viewport's height; its body scrolls, the footer does not.
    expect(dialog.className).toContain('max-h-[92vh]');
    expect(dialog.className).toContain('flex-col');
    expect(body.className).toContain('overflow-y-auto');
    expect(body.className).toContain('min-h-0');
    expect(footer.className).toContain('shrink-0');
    const apply = within(footer).getByRole('button', { name: 'Apply' });
    expect(body.contains(apply)).toBe(false);
    // The details stay in the body, the title and Close with them.
    expect(within(body).getByText('Award Criteria')).toBeTruthy();
    expect(within(body).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows a visitor no sponsor actions and no link of a private badge', async () => {
    const secret = badge({ isPublic: false, badgeAccess: 'private' });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [secret], total: 1, nextCursor: null } }
        : undefined,
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Intro to Solidity: open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    expect(within(dialog).getByText('Award Criteria')).toBeTruthy();
    expect(within(dialog).queryByText('Badge Link')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete Badge' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Download as PNG' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy();
  });

  it("lists Award Criteria and Award Evidence, in the spec order, the sponsor's evidence once", async () => {
    const withEvidence = badge();
    const without = badge({ _id: 'b-none', name: 'No Evidence Badge', educationsDetails: null });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [withEvidence, without], total: 2, nextCursor: null } }
        : undefined,
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: /Intro to Solidity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const at = terms.indexOf('Award Criteria');
    expect(terms.slice(at, at + 2)).toEqual(['Award Criteria', 'Award Evidence']);
    expect(terms).not.toContain('Evidence');
    expect(within(dialog).getAllByText('The quiz certificate')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    fireEvent.click(await screen.findByRole('button', { name: /No Evidence Badge/ }));
    const other = await screen.findByRole('dialog', { name: 'No Evidence Badge' });
    const otherTerms = within(other)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(otherTerms).toContain('Award Evidence');
  });

  it('closes on Back and leaves the page under it as it was; closing it goes back over its entry', async () => {
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [badge()], total: 1, nextCursor: null } }
        : undefined,
    );
    const { router } = renderRoute('/search?name=Intro');
    fireEvent.click(await screen.findByRole('button', { name: /Intro to Solidity/ }));
    expect(await screen.findByRole('dialog', { name: 'Intro to Solidity' })).toBeTruthy();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?name=Intro');
    expect(screen.getByRole('button', { name: /Intro to Solidity/ })).toBeTruthy();

    // Opened again and closed with its button: history is back where it was.
    fireEvent.click(screen.getByRole('button', { name: /Intro to Solidity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Intro to Solidity' });
    const marked = router.state.location.key;
    fireEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.key).not.toBe(marked));
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.state).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('draws the whole title, wrapped, on the card Download as PNG takes', async () => {
    const long = badge({ name: 'Advanced Smart Contract Security Auditing 101' });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [long], total: 1, nextCursor: null } }
        : undefined,
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: /Advanced Smart Contract/ }));
    const dialog = await screen.findByRole('dialog', { name: long.name });
    const title = within(within(dialog).getByTestId('badge-card')).getByTestId('badge-card-title');
    expect(title.textContent).toBe(long.name);
    expect(title.className).not.toContain('truncate');
    expect(title.className).toContain('break-words');
  });
});
