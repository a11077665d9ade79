import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/app/provider';
import { stubApi } from '@/test/api-stub';
import { EARNER, storeUserSession } from '@/test/render-route';
import { BALANCES_REFRESH_MS, useBalances } from './get-balances';

afterEach(() => vi.useRealTimers());

describe('balances', () => {
  it('show GETS that arrive from someone else without any action of this tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeUserSession(EARNER);
    let userBalance = '5';
    stubApi({
      'GET /stake/balance': () => ({
        data: {
          userBalance,
          stakingBalance: '0',
          totalStakingBalance: '0',
          account: EARNER.account,
        },
      }),
    });
    const client = createQueryClient();
    const { result } = renderHook(() => useBalances({ auth: 'user' }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.data?.userBalance).toBe('5'));
    userBalance = '12.5'; // a transfer to this wallet completed elsewhere
    await act(() => vi.advanceTimersByTimeAsync(BALANCES_REFRESH_MS));
    await waitFor(() => expect(result.current.data?.userBalance).toBe('12.5'));
  });
});
