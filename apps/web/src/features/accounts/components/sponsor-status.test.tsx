// What a sponsor sees of an admin's decision, without a new login: the stored
// user follows /user/me (rejected, verified), and isApproved lets them in.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { renderRoute, storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';
import { SPONSOR_REJECTED, SPONSOR_UNDER_VERIFICATION } from './user-landing';
import { CREATE_BADGE_AWAITING_APPROVAL } from './create-badge-closed';
import { SPONSOR_DECISION_POLL_MS } from '../hooks/use-sync-stored-user';

const PENDING = { ...VERIFIED_SPONSOR, status: 'PENDING', isVerified: false, onChainId: '3' };

describe('a sponsor after the admin decided', () => {
  it('a rejected sponsor sees that they were rejected', async () => {
    storeUserSession(PENDING);
    stubApi({
      'GET /user/me': { data: { ...PENDING, status: 'REJECTED' } },
      'GET /user/isApproved': { data: false },
    });
    renderRoute('/dashboard');
    expect(await screen.findByText(SPONSOR_REJECTED)).toBeTruthy();
    expect(screen.queryByText(SPONSOR_UNDER_VERIFICATION)).toBeNull();
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEYS.user)!) as {
      user: { status: string };
    };
    expect(stored.user.status).toBe('REJECTED');
  });

  it('an approved and verified sponsor gets the dashboard and the tick', async () => {
    storeUserSession(PENDING);
    stubApi({
      'GET /user/me': { data: { ...PENDING, status: 'APPROVED', isVerified: true } },
      'GET /user/isApproved': { data: true },
    });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sponsor Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(SPONSOR_UNDER_VERIFICATION)).toBeNull());
    expect(
      (await screen.findAllByRole('img', { name: 'Verified sponsor' })).length,
    ).toBeGreaterThan(0);
  });

  describe('approved while their page is open', () => {
    const approvedLater = () => {
      const decision = { status: 'PENDING' };
      stubApi({
        'GET /user/me': () => ({ data: { ...PENDING, status: decision.status } }),
        'GET /user/isApproved': () => ({ data: decision.status === 'APPROVED' }),
      });
      return decision;
    };
    const nextPoll = { timeout: SPONSOR_DECISION_POLL_MS + 3000 };

    it('Create Badge says why it is closed, then opens without a reload', async () => {
      storeUserSession(PENDING);
      const decision = approvedLater();
      renderRoute('/badge');
      expect(await screen.findByText(CREATE_BADGE_AWAITING_APPROVAL)).toBeTruthy();
      expect(screen.queryByLabelText('Title')).toBeNull();
      decision.status = 'APPROVED';
      expect(await screen.findByLabelText('Title', {}, nextPoll)).toBeTruthy();
      expect(screen.queryByText(CREATE_BADGE_AWAITING_APPROVAL)).toBeNull();
    }, 15_000);

    it('the dashboard turns into the Sponsor Dashboard without a reload', async () => {
      storeUserSession(PENDING);
      const decision = approvedLater();
      renderRoute('/dashboard');
      expect(await screen.findByText(SPONSOR_UNDER_VERIFICATION)).toBeTruthy();
      decision.status = 'APPROVED';
      expect(await screen.findByRole('heading', { name: 'Award Winners' }, nextPoll)).toBeTruthy();
      expect(screen.queryByText(SPONSOR_UNDER_VERIFICATION)).toBeNull();
    }, 15_000);
  });
});
