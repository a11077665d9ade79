// Another person signing in in the same tab never sees the previous one's
// answers, even under a query key without a user id.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { clearSession, saveSession, updateStoredUser } from '@/features/accounts/lib/session';
import { readStoredToken } from '@/lib/storage';
import { AppProvider } from './provider';
import { EARNER } from '@/test/render-route';

let reads = 0;

function MyBadges() {
  // Keyed without the user, as ['badges', 'mine'] is: the session decides whose they are.
  const { data } = useQuery({
    queryKey: ['badges', 'mine'],
    queryFn: async () => {
      reads += 1;
      return `badges of ${readStoredToken(SESSION_STORAGE_KEYS.user) ?? 'nobody'}`;
    },
  });
  return <p>{data ?? 'loading'}</p>;
}

afterEach(() => {
  window.localStorage.clear();
  reads = 0;
});

describe('the cache of one session', () => {
  it('is read again for the next person who signs in, not shown to them', async () => {
    saveSession({ token: 'ada-token', user: EARNER });
    render(
      <AppProvider>
        <MyBadges />
      </AppProvider>,
    );
    expect(await screen.findByText('badges of ada-token')).toBeTruthy();

    act(() => saveSession({ token: 'bob-token', user: { ...EARNER, _id: 'u9' } }));

    expect(await screen.findByText('badges of bob-token')).toBeTruthy();
    expect(screen.queryByText('badges of ada-token')).toBeNull();
    expect(reads).toBe(2);
  });

  it('stays when only the stored user changes (a profile update keeps the session)', async () => {
    saveSession({ token: 'ada-token', user: EARNER });
    render(
      <AppProvider>
        <MyBadges />
      </AppProvider>,
    );
    expect(await screen.findByText('badges of ada-token')).toBeTruthy();

    act(() => updateStoredUser({ fullName: 'Ada King' }));

    expect(screen.getByText('badges of ada-token')).toBeTruthy();
    expect(reads).toBe(1);
  });

  it('is forgotten on sign-out, without reading anything for nobody', async () => {
    saveSession({ token: 'ada-token', user: EARNER });
    const { rerender } = render(
      <AppProvider>
        <MyBadges />
      </AppProvider>,
    );
    expect(await screen.findByText('badges of ada-token')).toBeTruthy();

    act(() => clearSession());
    rerender(<AppProvider>{null}</AppProvider>);
    rerender(
      <AppProvider>
        <MyBadges />
      </AppProvider>,
    );

    expect(await screen.findByText('badges of nobody')).toBeTruthy();
    expect(reads).toBe(2);
  });
});
