// The set-up the application screen tests share (features/applications/*.test.tsx):
// a sponsor and an earner, badges and applications as the server answers them,
// an API stub whose chain actions answer consent, queue, and complete on the
// live stream, and the clicks of Apply and of a consent's Confirm.
import { expect, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type Application,
  type ApplicationWithBadge,
  type Badge,
  type TransactionStatus,
} from '@gets/schema';
import { EARNER, VERIFIED_SPONSOR } from '@/test/render-route';
import { sampleBadge } from '@/test/fixtures';
import { COMPLETED, eventStream, json, TX_ID } from '@/features/custody/test-support';

export const SPONSOR = { ...VERIFIED_SPONSOR, _id: 'sponsor-1' };
export const ME = { ...EARNER, _id: 'earner-1', fullName: 'Ada Lovelace' };
export const LONG_EVIDENCE =
  'Notes G: a program for the Analytical Engine computing the Bernoulli numbers, step by step.';

export function badge(overrides: Partial<Badge> = {}): Badge {
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

export function application(overrides: Partial<Application> = {}): Application {
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

export const withBadge = (a: Application, b: Badge = badge()): ApplicationWithBadge => ({
  ...a,
  badge: b,
});

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export const CONSENT = {
  consentToken: 'c'.repeat(43),
  description: 'Apply for the badge "Engine Programmer" (GETS 12)',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};

/**
 * Answers by path; the chain action endpoints in `actions` answer consent,
 * then queued, and the live stream then brings `outcome` as COMPLETED.
 */
type Awaitable<T> = T | Promise<T>;

export function stubApi(
  /** What a call answers; a promise holds the answer back (a slow server). */
  answer: (
    call: Call,
  ) => Awaitable<{ status?: number; message?: string; data?: unknown } | undefined>,
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
    const found = await answer(call);
    if (!found) return json({ message: 'Route not found', data: null }, 404);
    return json({ message: found.message ?? 'ok', data: found.data ?? null }, found.status ?? 200);
  });
  return calls;
}

export const balances = (userBalance: string, stakingBalance = '0') => ({
  data: { userBalance, stakingBalance, totalStakingBalance: stakingBalance, account: ME.account },
});

/** Apply is enabled once the earner's eligibility is known. */
export async function clickApplyWhenReady() {
  const apply = await screen.findByRole<HTMLButtonElement>('button', { name: 'Apply' });
  await waitFor(() => expect(apply.disabled).toBe(false));
  fireEvent.click(apply);
}

export async function confirmConsent(title: string) {
  const consent = await screen.findByRole('alertdialog', { name: title });
  fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
}
