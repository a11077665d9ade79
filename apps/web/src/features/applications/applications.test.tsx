// The application screens through the real route table and providers, with
// the API stubbed by path (chain actions answer consent, queue, and a
// COMPLETED status on the live stream): what an earner, a sponsor and a
// visitor see and can do.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  EMPTY_STATES,
  TOASTS,
  VALIDATION,
  tooManyApprovalsMessage,
  type Application,
  type ApplicationWithBadge,
  type Badge,
  type TransactionStatus,
} from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { EARNER, renderRoute, storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';
import { closeAllStreams } from '@/features/custody';
import { COMPLETED, eventStream, json, TX_ID } from '@/features/custody/test-support';
import { EarnerDashboard } from './components/earner-dashboard';

const SPONSOR = { ...VERIFIED_SPONSOR, _id: 'sponsor-1' };
const ME = { ...EARNER, _id: 'earner-1', fullName: 'Ada Lovelace' };
const LONG_EVIDENCE =
  'Notes G: a program for the Analytical Engine computing the Bernoulli numbers, step by step.';

function badge(overrides: Partial<Badge> = {}): Badge {
  return sampleBadge({
    name: 'Engine Programmer',
    description: 'Wrote a program for the engine.',
    numberOfBadge: 3,
    availableBadge: 2,
    awardCriteria: 'Write and explain a program that computes Bernoulli numbers',
    educationsDetails: null,
    applicationCount: 1,
    ...overrides,
  });
}

function application(overrides: Partial<Application> = {}): Application {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    badgeId: badge()._id,
    fullName: 'Ada Lovelace',
    program: 'Analytical Engines 101',
    awardCriteria: true,
    awardingCriteriaEvidence: true,
    requestedEvidenceDoc: LONG_EVIDENCE,
    studentAddress: ME.account,
    earnerAddress: ME.account,
    onChainId: '7',
    tokenId: null,
    status: 'APPLIED',
    reviewing: false,
    claiming: false,
    claimDeadline: null,
    rewardAmount: null,
    assignedHash: null,
    assignedAt: null,
    transactionChainScanUrl: null,
    createdAt: new Date().toISOString(),
    reviewedAt: null,
    ...overrides,
  };
}

const withBadge = (a: Application, b: Badge = badge()): ApplicationWithBadge => ({
  ...a,
  badge: b,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

const CONSENT = {
  consentToken: 'c'.repeat(43),
  description: 'Apply for the badge "Engine Programmer" (GETS 12)',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};

/**
 * Answers by path; the chain action endpoints in `actions` answer consent,
 * then queued, and the live stream then brings `outcome` as COMPLETED.
 */
function stubApi(
  answer: (call: Call) => { status?: number; message?: string; data?: unknown } | undefined,
  actions: Record<string, Partial<TransactionStatus>> = {},
) {
  const calls: Call[] = [];
  let outcome: TransactionStatus | null = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const [path, search] = url.replace('/gs-api', '').split('?');
    const call: Call = {
      method: init.method ?? 'GET',
      path: path!,
      query: new URLSearchParams(search ?? ''),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Call['body']) : undefined,
    };
    calls.push(call);
    const action = actions[call.path];
    if (action) {
      if (!call.body?.consentToken) return json({ message: 'Consent required', data: CONSENT });
      outcome = { ...COMPLETED, ...action };
      return json({
        message: 'Transaction queued',
        data: { status: 'QUEUED', transactionId: TX_ID },
      });
    }
    if (call.path === '/metakeep/transaction/stream') {
      const events = outcome ? [`event: status\ndata: ${JSON.stringify(outcome)}\n\n`] : [];
      return eventStream([': connected\n\n', ...events], init.signal);
    }
    if (call.path === '/metakeep/transaction') {
      return json({ message: 'ok', data: outcome ?? { ...COMPLETED, status: 'QUEUED' } });
    }
    const found = answer(call);
    if (!found) return json({ message: 'Route not found', data: null }, 404);
    return json({ message: found.message ?? 'ok', data: found.data ?? null }, found.status ?? 200);
  });
  return calls;
}

const balances = (userBalance: string, stakingBalance = '0') => ({
  data: { userBalance, stakingBalance, totalStakingBalance: stakingBalance, account: ME.account },
});

afterEach(() => {
  closeAllStreams();
});

/** Apply is enabled once the earner's eligibility is known. */
async function clickApplyWhenReady() {
  const apply = await screen.findByRole<HTMLButtonElement>('button', { name: 'Apply' });
  await waitFor(() => expect(apply.disabled).toBe(false));
  fireEvent.click(apply);
}

async function confirmConsent(title: string) {
  const consent = await screen.findByRole('alertdialog', { name: title });
  fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
}

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
    await waitFor(() => expect(card('GETS')[1]!.textContent).toBe('12.5'));
    expect(card('STAKED')[1]!.textContent).toBe('3');
    expect(card('MY AWARDS')[1]!.textContent).toBe('0');
    expect(screen.getByRole('link', { name: 'EARNER FREEDOM AWARD' }).getAttribute('href')).toBe(
      '/stake',
    );
    expect(screen.getByRole('link', { name: /GET TOKENS/ }).getAttribute('target')).toBe('_blank');
  });

  it('reads each status of My Applications, "Banned" over any, and counts claimed awards', async () => {
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
    await waitFor(() => expect(card('MY AWARDS')[1]!.textContent).toBe('1'));
    expect(
      within(screen.getByRole('list', { name: 'My badges' })).getByRole('button', {
        name: 'Claimed Badge: open details',
      }),
    ).toBeTruthy();
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
    expect(within(carousel).getAllByRole('img').length).toBeGreaterThanOrEqual(3);
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
});
