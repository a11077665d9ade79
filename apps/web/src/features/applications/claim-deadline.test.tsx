// One claim deadline (decision 0067): an approval is claimable until its own
// deadline (approval plus the claim period, the contract's rule), whatever
// the badge's batch expiry says; after it no screen offers Claim and each
// says the claim period ended; before approval the screens say how long the
// window will be.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Application, Badge } from '@gets/schema';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { closeAllStreams } from '@/features/custody';
import { formatDate, formatDateTime } from '@/lib/format';
import { ME, application, badge, balances, stubApi, withBadge } from '@/test/application-screens';
import { applicationState, claimPeriodEnded } from './lib/application-status';

const DAY = 86_400_000;
const PLATFORM = {
  exchangeUrl: 'https://dex.example/swap',
  chainId: 31337,
  tokenAddress: '0x1111111111111111111111111111111111111111',
  treasuryAddress: '0x2222222222222222222222222222222222222222',
  claimPeriod: 7,
};

afterEach(() => {
  closeAllStreams();
});

/** A badge whose batch expiry passed yesterday: it takes no more applications. */
const pastBatch = () => badge({ batchExpiryDate: new Date(Date.now() - DAY).toISOString() });

describe('applicationState', () => {
  const now = Date.parse('2026-12-08T12:00:00Z');
  const approved = (claimDeadline: string | null) =>
    application({ status: 'APPROVED', claimDeadline });

  it('is claimable until the application’s own deadline, inclusive, and ended after it', () => {
    expect(applicationState(approved('2026-12-08T12:00:00Z'), { status: 'VERIFIED' }, now)).toEqual(
      { kind: 'claimable', claimBy: '2026-12-08T12:00:00Z', closed: null },
    );
    expect(applicationState(approved('2026-12-08T11:59:59Z'), { status: 'VERIFIED' }, now)).toEqual(
      { kind: 'ended', text: claimPeriodEnded('2026-12-08T11:59:59Z') },
    );
    expect(applicationState(approved(null), { status: 'VERIFIED' }, now).kind).toBe('ended');
    expect(
      applicationState(
        application({ status: 'EXPIRED', claimDeadline: '2026-12-01T00:00:00Z' }),
        { status: 'VERIFIED' },
        now,
      ),
    ).toEqual({ kind: 'ended', text: claimPeriodEnded('2026-12-01T00:00:00Z') });
  });

  it('says when the claim period ended, in words', () => {
    expect(claimPeriodEnded('2026-12-08T12:00:00Z')).toBe(
      `Claim period ended on ${formatDateTime('2026-12-08T12:00:00Z')}`,
    );
    expect(claimPeriodEnded('2026-12-08T12:00:00Z')).toMatch(/December 8, 2026 at/);
    expect(claimPeriodEnded(null)).toBe('Claim period ended');
  });
});

function stubEarner(app: Application, shown: Badge) {
  storeUserSession(ME);
  stubApi((call) => {
    if (call.path === '/platform') return { data: PLATFORM };
    if (call.path === '/badge/list/recent')
      return { data: { badges: [shown], total: 1, nextCursor: null } };
    if (call.path === `/badge/details/${shown._id}`) return { data: shown };
    if (call.path.startsWith('/badge/applicationlist/'))
      return { data: { eligible: false, application: app } };
    if (call.path === '/badge/applied/earner') return { data: [withBadge(app, shown)] };
    if (call.path === `/badge/assigned/${ME.account}`) return { data: [] };
    if (call.path === '/stake/balance') return balances('0', '0');
    if (call.path === '/credentials/mine') return { data: [] };
    return undefined;
  });
}

async function openModal(shown: Badge) {
  renderRoute('/search');
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(shown.name) }));
  return screen.findByRole('dialog', { name: shown.name });
}

async function myApplicationsRow(shown: Badge) {
  renderRoute('/dashboard');
  const table = await screen.findByRole('region', { name: 'My Applications' });
  return (await within(table).findByText(shown.name)).closest('tr') as HTMLElement;
}

describe('before the claim deadline, past the batch expiry', () => {
  const deadline = new Date(Date.now() + 2 * DAY).toISOString();
  const approved = () => application({ status: 'APPROVED', claimDeadline: deadline });

  it('the details modal offers Claim Tokens with the application’s own deadline', async () => {
    const shown = pastBatch();
    stubEarner(approved(), shown);
    const dialog = await openModal(shown);
    const claim = await within(dialog).findByRole<HTMLButtonElement>('button', {
      name: 'Claim Tokens',
    });
    expect(claim.disabled).toBe(false);
    expect(within(dialog).getByRole('status').textContent).toContain(
      `Claim deadline: ${formatDateTime(deadline)}`,
    );
    // The badge's own date is its batch expiry, never called a claim deadline.
    expect(within(dialog).getByText('Batch expiry').nextElementSibling?.textContent).toBe(
      formatDate(shown.batchExpiryDate),
    );
  });

  it('My Applications offers Claim with the same deadline', async () => {
    const shown = pastBatch();
    stubEarner(approved(), shown);
    const row = await myApplicationsRow(shown);
    expect(within(row).getByRole('button', { name: `Claim ${shown.name}` })).toBeTruthy();
    expect(row.textContent).toContain(`Claim deadline: ${formatDateTime(deadline)}`);
  });

  it('the badge page offers Claim Tokens', async () => {
    const shown = pastBatch();
    stubEarner(approved(), shown);
    renderRoute(`/badge/${shown._id}`);
    await screen.findByRole('heading', { name: shown.name });
    expect(
      (await screen.findByRole<HTMLButtonElement>('button', { name: 'Claim Tokens' })).disabled,
    ).toBe(false);
  });
});

describe('after the claim deadline', () => {
  const deadline = new Date(Date.now() - 60_000).toISOString();
  const ended = `Claim period ended on ${formatDateTime(deadline)}`;
  // Still APPROVED (the release has not run yet) and released (EXPIRED) read the same.
  for (const status of ['APPROVED', 'EXPIRED'] as const) {
    const lapsed = () => application({ status, claimDeadline: deadline });

    it(`no screen offers Claim (${status}), each says the claim period ended`, async () => {
      // A badge still open for applications: its batch expiry does not keep a claim alive.
      const shown = badge({ batchExpiryDate: new Date(Date.now() + 30 * DAY).toISOString() });
      stubEarner(lapsed(), shown);
      const dialog = await openModal(shown);
      expect(await within(dialog).findByText(ended)).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: /Claim/ })).toBeNull();
    });

    it(`My Applications (${status}) shows no Claim`, async () => {
      const shown = badge();
      stubEarner(lapsed(), shown);
      const row = await myApplicationsRow(shown);
      expect(row.textContent).toContain(ended);
      expect(within(row).queryByRole('button')).toBeNull();
    });

    it(`the badge page (${status}) shows no Claim Tokens`, async () => {
      const shown = badge();
      stubEarner(lapsed(), shown);
      renderRoute(`/badge/${shown._id}`);
      expect(await screen.findByText(ended)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
    });
  }
});

describe('before approval', () => {
  it('the modal and My Applications say how long the claim window will be', async () => {
    const shown = badge();
    stubEarner(application({ status: 'APPLIED' }), shown);
    const dialog = await openModal(shown);
    expect(await within(dialog).findByText(/You will have 7 days to claim once approved\./)).toBe(
      within(dialog).getByRole('status'),
    );
    expect(within(dialog).getByText('Claim period').nextElementSibling?.textContent).toContain(
      '7 days from approval',
    );
  });

  it('My Applications says it under "Under review"', async () => {
    const shown = badge();
    stubEarner(application({ status: 'APPLIED' }), shown);
    const row = await myApplicationsRow(shown);
    expect(
      await within(row).findByText('You will have 7 days to claim once approved.'),
    ).toBeTruthy();
    expect(row.textContent).toContain('Under review');
  });

  it('a visitor reads the claim period in the search rows', async () => {
    const shown = badge();
    stubApi((call) => {
      if (call.path === '/platform') return { data: PLATFORM };
      if (call.path === '/badge/list/recent')
        return { data: { badges: [shown], total: 1, nextCursor: null } };
      if (call.path === `/badge/details/${shown._id}`) return { data: shown };
      return undefined;
    });
    renderRoute('/search');
    expect(await screen.findByText(/Claim period: 7 days from approval/)).toBeTruthy();
  });
});
