import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { TOAST } from '@gets/schema';
import { toast } from '@/lib/toast';
import { stubViewportWidth } from '@/test/match-media';
import { Modal } from './modal';
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

  it.each([
    { width: 375, dialog: false, side: 'bottom' },
    { width: 375, dialog: true, side: 'top' },
    { width: 1366, dialog: true, side: 'bottom' },
  ])(
    "at $width px with a dialog open ($dialog) shows toasts at the $side, clear of the dialog sheet's buttons",
    async ({ width, dialog, side }) => {
      stubViewportWidth(width);
      render(
        <>
          <Toaster />
          <Modal open={dialog} title="Apply" onClose={() => {}}>
            <button type="button">Cancel</button>
          </Modal>
        </>,
      );
      act(() => {
        toast.error('Consent failed!');
      });
      await screen.findByText('Consent failed!');
      const toaster = document.querySelector('[data-sonner-toaster]');
      expect(toaster?.getAttribute('data-y-position')).toBe(side);
    },
  );

  it('goes back to the bottom on a phone once the dialog closes', async () => {
    stubViewportWidth(375);
    const { rerender } = render(
      <>
        <Toaster />
        <Modal open title="Apply" onClose={() => {}}>
          <p>Form</p>
        </Modal>
      </>,
    );
    act(() => {
      toast.info('Saved');
    });
    await screen.findByText('Saved');
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe(
      'top',
    );
    rerender(
      <>
        <Toaster />
        <Modal open={false} title="Apply" onClose={() => {}}>
          <p>Form</p>
        </Modal>
      </>,
    );
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe(
      'bottom',
    );
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
