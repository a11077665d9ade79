// The application screens through the real route table and providers, with
// the API stubbed by path (chain actions answer consent, queue, and a
// COMPLETED status on the live stream): what an earner, a sponsor and a
// visitor see and can do to apply, claim and review applications (the
// dashboards: dashboards.test.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  EMPTY_STATES,
  TOASTS,
  VALIDATION,
  tooManyApprovalsMessage,
  type Application,
} from '@gets/schema';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { SCROLL_HINTS } from './components/badge-applications';
import { closeAllStreams } from '@/features/custody';
import {
  CONSENT,
  LONG_EVIDENCE,
  ME,
  SPONSOR,
  application,
  badge,
  clickApplyWhenReady,
  confirmConsent,
  stubApi,
} from '@/test/application-screens';

afterEach(() => {
  closeAllStreams();
});

describe('Apply', () => {
  it('asks for every answer with the spec messages, shows Evidence only on yes, and applies through consent', async () => {
    storeUserSession(ME);
    const shown = badge();
    const calls = stubApi(
      (call) => {
        if (call.path === `/badge/details/${shown._id}`) return { data: shown };
        if (call.path === `/badge/earners/${shown._id}`) return { data: [] };
        if (call.path.startsWith('/badge/applicationlist/'))
          return { data: { eligible: true, application: null } };
        if (call.path === '/badge/claim')
          return { data: application(), message: 'Applied for the badge successfully' };
        return undefined;
      },
      {
        '/user/metakeep/requestBadge': {
          events: [
            {
              eventName: 'BadgeRequested',
              address: '0x1',
              args: { requestId: '7', badgeId: '12', earner: ME.account },
            },
          ],
        },
      },
    );
    renderRoute(`/badge/${shown._id}`);
    await clickApplyWhenReady();
    const modal = await screen.findByRole('dialog', { name: 'Apply for Engine Programmer' });
    expect(within(modal).getByRole('link', { name: 'data privacy guidelines' })).toBeTruthy();
    expect(within(modal).queryByLabelText('Evidence')).toBeNull();

    fireEvent.change(within(modal).getByLabelText('Full Name'), { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    expect(await within(modal).findByText(VALIDATION.application.fullNameRequired)).toBeTruthy();
    expect(within(modal).getByText(VALIDATION.application.awardCriteriaRequired)).toBeTruthy();
    expect(within(modal).getByText(VALIDATION.application.needEvidenceRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/metakeep/requestBadge')).toBe(false);

    fireEvent.change(within(modal).getByLabelText('Full Name'), {
      target: { value: 'Ada Lovelace' },
    });
    const criteria = within(modal).getByRole('group', {
      name: 'Do you meet all of the awarding criteria?',
    });
    fireEvent.click(within(criteria).getByLabelText('Yes'));
    const evidence = within(modal).getByRole('group', { name: 'Do you need to send evidence?' });
    fireEvent.click(within(evidence).getByLabelText('Yes'));
    fireEvent.change(await within(modal).findByLabelText('Evidence'), {
      target: { value: LONG_EVIDENCE },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    const consent = await screen.findByRole('alertdialog', { name: 'Apply for badge' });
    expect(consent.textContent).toContain(CONSENT.description);
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(TOASTS.success.applied)).toBeTruthy();

    const sent = calls.filter((c) => c.path === '/user/metakeep/requestBadge');
    expect(sent[1]!.body).toEqual({
      onChainId: '12',
      email: ME.email,
      fullName: 'Ada Lovelace',
      awardCriteria: true,
      awardingCriteriaEvidence: true,
      requestedEvidenceDoc: LONG_EVIDENCE,
      consentToken: CONSENT.consentToken,
    });
    expect(calls.find((c) => c.path === '/badge/claim')!.body).toMatchObject({
      badgeId: shown._id,
      studentAddress: ME.account,
      onChainId: '7',
    });
  });

  it('sends no evidence when the earner will not send any', async () => {
    storeUserSession(ME);
    const shown = badge();
    const calls = stubApi(
      (call) => {
        if (call.path === `/badge/details/${shown._id}`) return { data: shown };
        if (call.path.startsWith('/badge/applicationlist/'))
          return { data: { eligible: true, application: null } };
        return { data: [] };
      },
      { '/user/metakeep/requestBadge': {} },
    );
    renderRoute(`/badge/${shown._id}`);
    await clickApplyWhenReady();
    const modal = await screen.findByRole('dialog', { name: 'Apply for Engine Programmer' });
    const groups = within(modal).getAllByRole('group');
    fireEvent.click(within(groups[0]!).getByLabelText('No'));
    fireEvent.click(within(groups[1]!).getByLabelText('Yes'));
    fireEvent.change(await within(modal).findByLabelText('Evidence'), {
      target: { value: 'typed, then changed my mind' },
    });
    fireEvent.click(within(groups[1]!).getByLabelText('No'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Apply' }));
    await screen.findByRole('alertdialog', { name: 'Apply for badge' });
    expect(calls.find((c) => c.path === '/user/metakeep/requestBadge')!.body).toEqual({
      onChainId: '12',
      email: ME.email,
      fullName: 'Ada Lovelace',
      awardCriteria: false,
      awardingCriteriaEvidence: false,
    });
  });

  it('asks a visitor to log in, and tells an earner when all badges are claimed', async () => {
    const full = badge({ availableBadge: 0 });
    stubApi((call) =>
      call.path === '/badge/list/recent'
        ? { data: { badges: [full], total: 1, nextCursor: null } }
        : call.path.startsWith('/badge/applicationlist/')
          ? { data: { eligible: true, application: null } }
          : undefined,
    );
    const visitor = renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Engine Programmer: open details' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }),
    );
    expect(await screen.findByText(TOASTS.info.loginToApply)).toBeTruthy();
    visitor.unmount();

    storeUserSession(ME);
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Engine Programmer: open details' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(TOASTS.info.allBadgesClaimed)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Apply for Engine Programmer' })).toBeNull();
  });
});

describe('the details modal of an earner who applied', () => {
  async function openAs(mine: Application | null, shown = badge()) {
    storeUserSession(ME);
    const calls = stubApi(
      (call) => {
        if (call.path === '/badge/list/recent')
          return { data: { badges: [shown], total: 1, nextCursor: null } };
        if (call.path.startsWith('/badge/applicationlist/'))
          return { data: { eligible: mine === null, application: mine } };
        if (call.path === '/credentials/mine') return { data: [] };
        if (call.path === '/badge/claim/earner')
          return {
            data: { ...mine, status: 'TOKEN_CLAIMED' },
            message: 'Claimed badge successfully',
          };
        return undefined;
      },
      {
        '/user/metakeep/claimBadge': {
          events: [{ eventName: 'BadgeClaimed', address: '0x1', args: { requestId: '7' } }],
        },
      },
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: 'Engine Programmer: open details' }));
    return { dialog: await screen.findByRole('dialog', { name: 'Engine Programmer' }), calls };
  }

  it('hides Apply and keeps Claim Tokens disabled while under review', async () => {
    const { dialog } = await openAs(application());
    expect(await within(dialog).findByText('Under review')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Claim Tokens' }).disabled,
    ).toBe(true);
  });

  it('claims an approved badge through consent, then reads "Tokens Claimed"', async () => {
    const approved = application({
      status: 'APPROVED',
      claimDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    const { dialog, calls } = await openAs(approved);
    const claim = await within(dialog).findByRole<HTMLButtonElement>('button', {
      name: 'Claim Tokens',
    });
    expect(claim.disabled).toBe(false);
    fireEvent.click(claim);
    await confirmConsent('Claim badge and tokens');
    expect(await screen.findByText(TOASTS.success.badgeClaimed)).toBeTruthy();
    expect(calls.find((c) => c.path === '/badge/claim/earner')!.body).toEqual({
      badgeApplicationId: approved._id,
      badgeId: approved.badgeId,
    });
  });

  it('shows "Tokens Claimed", disabled, once claimed, with the card as a PNG', async () => {
    const { dialog } = await openAs(application({ status: 'TOKEN_CLAIMED' }));
    expect(
      (await within(dialog).findByRole<HTMLButtonElement>('button', { name: 'Tokens Claimed' }))
        .disabled,
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Download as PNG' })).toBeTruthy();
  });

  it('offers no Apply on a banned badge, even to an earner who never applied', async () => {
    const { dialog, calls } = await openAs(null, badge({ status: 'BANNED', isVerified: false }));
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/badge/applicationlist/'))).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Claim Tokens' })).toBeNull();
  });
});

describe('the badge page', () => {
  it('offers Apply on a live badge, and none once the badge is banned', async () => {
    for (const status of ['VERIFIED', 'BANNED'] as const) {
      storeUserSession(ME);
      const shown = badge({ status, isVerified: status === 'VERIFIED' });
      const calls = stubApi((call) => {
        if (call.path === `/badge/details/${shown._id}`) return { data: shown };
        if (call.path.startsWith('/badge/applicationlist/'))
          return { data: { eligible: true, application: null } };
        if (call.path === '/credentials/mine') return { data: [] };
        return undefined;
      });
      const view = renderRoute(`/badge/${shown._id}`);
      expect(await screen.findByRole('heading', { name: 'Engine Programmer' })).toBeTruthy();
      await waitFor(() =>
        expect(calls.some((c) => c.path.startsWith('/badge/applicationlist/'))).toBe(true),
      );
      if (status === 'VERIFIED') await clickApplyWhenReady();
      else expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
      view.unmount();
      closeAllStreams();
    }
  });
});

describe('/badge/application/{id}', () => {
  const mine = badge({ availableBadge: 1 });
  const list = [
    application({ _id: 'a1', fullName: 'Ada Lovelace', onChainId: '7' }),
    application({
      _id: 'a2',
      fullName: 'Bob Babbage',
      onChainId: '8',
      awardingCriteriaEvidence: false,
      requestedEvidenceDoc: null,
      program: null,
    }),
    application({ _id: 'a3', fullName: 'Cy Young', onChainId: '9', status: 'REJECTED' }),
    application({ _id: 'a4', fullName: 'Dee Dee', onChainId: '10', status: 'TOKEN_CLAIMED' }),
  ];

  function renderPage(applications = list) {
    storeUserSession(SPONSOR);
    const calls = stubApi(
      (call) => {
        if (call.path === `/badge/details/${mine._id}`) return { data: mine };
        if (call.path === '/badge/applications/list') return { data: applications };
        return undefined;
      },
      { '/user/metakeep/processRequestBadge': {} },
    );
    renderRoute(`/badge/application/${mine._id}`);
    return calls;
  }

  it('lists every column, cuts evidence at 50 characters with Read More, and the action per status', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Applied Student Details' })).toBeTruthy();
    await screen.findByText('Ada Lovelace');
    const rows = screen.getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Select',
      'S.No.',
      'Full Name',
      'Program Name (if any)',
      'Award Criteria (Yes/No)',
      'Evidence for Awarding Criteria (Yes/No)',
      'Evidence Proof',
      'Action',
    ]);
    const ada = rows[1]!;
    expect(ada.textContent).toContain(`${LONG_EVIDENCE.slice(0, 50)}...`);
    expect(ada.textContent).not.toContain(LONG_EVIDENCE.slice(50));
    expect(within(ada).getByRole('button', { name: 'Approve Ada Lovelace' })).toBeTruthy();
    // Bob sent no program and no evidence.
    expect(within(rows[2]!).getAllByText('N/A')).toHaveLength(2);
    expect(within(rows[3]!).getByText('Rejected')).toBeTruthy();
    expect(within(rows[4]!).getByText('Approved')).toBeTruthy();

    fireEvent.click(within(ada).getByRole('button', { name: /Read More/ }));
    const proof = await screen.findByRole('dialog', { name: 'Evidence Proof' });
    expect(within(proof).getByText(LONG_EVIDENCE)).toBeTruthy();
  });

  it('at 375 px says above the table that it scrolls sideways to Approve and Reject, only while it does not fit', async () => {
    const table = (element: HTMLElement) =>
      element.getAttribute('aria-label') === 'Applications table';
    let screenWidth = 343;
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return table(this) ? 920 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return table(this) ? screenWidth : 0;
    });
    renderPage();
    await screen.findByText('Ada Lovelace');
    const region = screen.getByRole('region', { name: 'Applications table' });
    const hint = await screen.findByText(SCROLL_HINTS.decide);
    // Above the table, and read out with it when the table takes focus.
    expect(region.getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A wide screen: the table fits, nothing to say.
    screenWidth = 1100;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByText(SCROLL_HINTS.decide)).toBeNull();
    expect(region.hasAttribute('aria-describedby')).toBe(false);
    vi.restoreAllMocks();
  });

  it('says when there are no applications', async () => {
    renderPage([]);
    expect(await screen.findByText(EMPTY_STATES.noBadgeApplications)).toBeTruthy();
  });

  it('refuses before anything is signed to approve more than remain, and decides a selection in one call', async () => {
    const calls = renderPage();
    // Each checkbox's label is the applicant's name in its row: a click on the name selects.
    const ada = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Ada Lovelace' });
    const name = ada.labels?.[0];
    expect(name?.closest('td')?.textContent).toBe('Ada Lovelace');
    fireEvent.click(name!);
    expect(ada.checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bob Babbage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(await screen.findByText(tooManyApprovalsMessage('Engine Programmer', 1))).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/metakeep/processRequestBadge')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
    await screen.findByRole('alertdialog', { name: 'Review applications' });
    expect(calls.filter((c) => c.path === '/user/metakeep/processRequestBadge')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/user/metakeep/processRequestBadge')!.body).toEqual({
      onChainId: ['7', '8'],
      approval: [false, false],
      email: SPONSOR.email,
    });
  });

  it('sends earners and sponsors who are not approved to /dashboard', async () => {
    storeUserSession(ME);
    stubApi(() => undefined);
    const { router } = renderRoute(`/badge/application/${mine._id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
