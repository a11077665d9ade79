import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { OTP_RESEND_COUNTDOWN_S } from '@gets/schema';
import { RegistrationOtpModal } from './registration-otp-modal';

describe('RegistrationOtpModal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts 60 s from opening, then 30 s after each OTP it sends again, before Resend', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(() => Promise.resolve(true));
    render(
      <RegistrationOtpModal
        email="someone@example.org"
        submitting={false}
        onSubmit={() => undefined}
        onResend={onResend}
        onClose={() => undefined}
      />,
    );
    expect(
      screen.getByText(`Resend OTP in ${OTP_RESEND_COUNTDOWN_S.registrationModal}s`),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(OTP_RESEND_COUNTDOWN_S.registrationModal * 1000);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
      await Promise.resolve();
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    // The OTP was sent: the 30-second counter applies.
    expect(
      screen.getByText(`Resend OTP in ${OTP_RESEND_COUNTDOWN_S.verifyEmailPage}s`),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime((OTP_RESEND_COUNTDOWN_S.verifyEmailPage - 1) * 1000);
    });
    expect(screen.getByText('Resend OTP in 1s')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
  });
});
