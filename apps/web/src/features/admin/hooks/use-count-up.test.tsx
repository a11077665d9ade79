import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COUNTER_ANIMATION_TICK_MS } from '@gets/schema';
import { countStep, useCountUp } from './use-count-up';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountUp', () => {
  it('counts up one step every 50 ms and stops at the target', () => {
    const { result } = renderHook(() => useCountUp(3));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(COUNTER_ANIMATION_TICK_MS));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(COUNTER_ANIMATION_TICK_MS));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(10 * COUNTER_ANIMATION_TICK_MS));
    expect(result.current).toBe(3);
  });

  it('takes larger steps for large counts, and shows a lower target at once', () => {
    expect(countStep(4000)).toBe(100);
    const { result, rerender } = renderHook(({ target }) => useCountUp(target), {
      initialProps: { target: 4000 },
    });
    act(() => vi.advanceTimersByTime(COUNTER_ANIMATION_TICK_MS));
    expect(result.current).toBe(100);
    act(() => vi.advanceTimersByTime(40 * COUNTER_ANIMATION_TICK_MS));
    expect(result.current).toBe(4000);
    rerender({ target: 3 });
    expect(result.current).toBe(3);
  });
});
