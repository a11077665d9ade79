import { afterEach, describe, expect, it } from 'vitest';
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
});
