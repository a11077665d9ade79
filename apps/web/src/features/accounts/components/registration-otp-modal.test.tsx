import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OTP_RESEND_COUNTDOWN_S } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { RegistrationOtpModal } from './registration-otp-modal';
import { OUTBOX_CODE_HINT } from './outbox-code-hint';

/** GET /platform on the embedded default (the fields this modal reads, and a few more). */
const PLATFORM = {
  exchangeUrl: 'https://dex.example/swap',
  mailOutbox: true,
  chainId: 137,
  tokenAddress: '0x3333333333333333333333333333333333333333',
  treasuryAddress: '0x4444444444444444444444444444444444444444',
};

/** The modal as /register opens it, inside a query client (it reads GET /platform). */
function renderModal(onResend: () => Promise<boolean> = () => Promise.resolve(true)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RegistrationOtpModal
        email="someone@example.org"
        submitting={false}
        onSubmit={() => undefined}
        onResend={onResend}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('RegistrationOtpModal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts 60 s from opening, then 30 s after each OTP it sends again, before Resend', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(() => Promise.resolve(true));
    renderModal(onResend);
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

  it('without a mail server (GET /platform: mailOutbox), says the code is in the terminal where the server runs', async () => {
    stubApi({ 'GET /platform': { data: PLATFORM } });
    renderModal();
    expect(await screen.findByText(OUTBOX_CODE_HINT)).toBeTruthy();
    expect(OUTBOX_CODE_HINT).toContain('printed in the terminal where the server runs');
  });

  it('with a mail server, says nothing of a terminal', async () => {
    const api = stubApi({ 'GET /platform': { data: { ...PLATFORM, mailOutbox: false } } });
    renderModal();
    await vi.waitFor(() => expect(api.callsTo('GET', '/platform')).toHaveLength(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText(OUTBOX_CODE_HINT)).toBeNull();
    expect(screen.getByRole('button', { name: /Verify & Register/ })).toBeTruthy();
  });
});
