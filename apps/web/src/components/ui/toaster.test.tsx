import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { TOAST } from '@gets/schema';
import { toast } from '@/lib/toast';
import { Toaster } from './toaster';

describe('Toaster and the toast entry point', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it.each(['success', 'info', 'warning', 'error', 'loading'] as const)(
    'shows a %s toast with its message',
    async (type) => {
      render(<Toaster />);
      act(() => {
        toast[type](`A ${type} message`);
      });
      expect(await screen.findByText(`A ${type} message`)).toBeTruthy();
    },
  );

  it(`shows at most ${TOAST.visibleToasts} toasts at once, each with a close button`, async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= TOAST.visibleToasts + 2; i += 1) toast.info(`Toast ${i}`);
    });
    await screen.findByText(`Toast ${TOAST.visibleToasts + 2}`);
    const toasts = document.querySelectorAll('[data-sonner-toast][data-visible="true"]');
    expect(toasts.length).toBe(TOAST.visibleToasts);
    expect(screen.getAllByRole('button', { name: /close/i }).length).toBeGreaterThan(0);
  });

  it('shows toasts at the bottom, away from the header search box and user menu', async () => {
    render(<Toaster />);
    act(() => {
      toast.info('Away from the header');
    });
    await screen.findByText('Away from the header');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
  });

  it(`closes a toast by itself after ${TOAST.durationMs} ms`, async () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        toast.success('Saved');
      });
      act(() => {
        vi.advanceTimersByTime(50); // sonner adds toasts on the next tick
      });
      expect(screen.getByText('Saved')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(TOAST.durationMs - 550);
      });
      expect(screen.queryByText('Saved')).not.toBeNull();
      act(() => {
        vi.advanceTimersByTime(500 + TOAST.removeDelayMs + 100);
      });
      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
