// The OTP screens with the server's answers: a send is answered alike whether
// or not the email has an account (the mail says which), so the screens go on
// the same way for any email and show the server's words; a spent allowance
// of wrong codes is shown as the server says it.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, TOASTS, otpGuessLimitMessage } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';
import { FORGOT_FLAG_KEY } from '../lib/session';

const SENT = {
  message: ACCOUNT_MESSAGES.otpSent,
  data: { email: 'someone@example.org', resendAfterSeconds: 30, expiresInSeconds: 600 },
};
// The forgot flag is the tab's (sessionStorage), which the shared set-up leaves as it is.
afterEach(() => window.sessionStorage.clear());

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

describe('/forgot-password', () => {
  it('shows the server message with "!" and continues on /verify-email with the forgot flag', async () => {
    const api = stubApi({ 'POST /admin-auth/reset-password/mail': SENT });
    const { router } = renderRoute('/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
      target: { value: 'Someone@Example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText(`${ACCOUNT_MESSAGES.otpSent}!`)).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/verify-email/someone%40example.org'),
    );
    expect(window.sessionStorage.getItem(FORGOT_FLAG_KEY)).toBe('true');
    expect(api.callsTo('POST', '/admin-auth/reset-password/mail')[0]!.body).toEqual({
      email: 'someone@example.org',
    });
  });
});

describe('/register', () => {
  it('shows the server message with "!" and opens the OTP modal', async () => {
    const api = stubApi({ 'POST /admin-auth/send-verification-email': SENT });
    renderRoute('/register');
    fireEvent.change(await screen.findByLabelText('Email', { exact: true }), {
      target: { value: 'someone@example.org' },
    });
    fireEvent.change(field('Full Name'), { target: { value: 'Some One' } });
    fireEvent.change(field('User Name'), { target: { value: 'someone' } });
    fireEvent.change(field('Password'), { target: { value: 'Strong-Pass1' } });
    fireEvent.change(field('Confirm Password'), { target: { value: 'Strong-Pass1' } });
    fireEvent.change(screen.getByLabelText('User Type'), { target: { value: 'earner' } });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Register with OTP' });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText(`${ACCOUNT_MESSAGES.otpSent}!`)).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Enter the OTP' })).toBeTruthy();
    expect(api.callsTo('POST', '/admin-auth/send-verification-email')).toHaveLength(1);
  });
});

describe('/verify-email/{email}', () => {
  it('says "Failed to reset password!" when the reset finds no server, and keeps the new-password modal', async () => {
    window.sessionStorage.setItem(FORGOT_FLAG_KEY, 'true');
    stubApi({
      'POST /admin-auth/verify-otp': { message: ACCOUNT_MESSAGES.otpVerified, data: null },
      'POST /admin-auth/reset-password': { status: 503, message: '', data: null },
    });
    renderRoute('/verify-email/someone%40example.org');
    fireEvent.change(await screen.findByLabelText('OTP', { exact: true }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    fireEvent.change(await screen.findByLabelText('New Password', { exact: true }), {
      target: { value: 'Str0ng!pass' },
    });
    fireEvent.change(field('Confirm Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(TOASTS.error.resetPasswordFailed)).toBeTruthy();
    expect(screen.queryByText(TOASTS.error.verifyEmailFailed)).toBeNull();
    expect(field('New Password')).toBeTruthy();
  });

  it('shows a spent allowance of wrong codes as the server words it, and opens no new-password modal', async () => {
    window.sessionStorage.setItem(FORGOT_FLAG_KEY, 'true');
    const message = otpGuessLimitMessage(3412);
    stubApi({
      'POST /admin-auth/verify-otp': { status: 429, message, data: { retryAfterSeconds: 3412 } },
    });
    renderRoute('/verify-email/someone%40example.org');
    fireEvent.change(await screen.findByLabelText('OTP', { exact: true }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Too many wrong codes for this email. Please try again in 57 minutes!',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New Password', { exact: true })).toBeNull();
  });

  it('says "Invalid email address" as a toast for an email in the path that is not one, and sends nothing', async () => {
    const api = stubApi({
      'POST /admin-auth/verify-otp': { message: 'Email verified', data: null },
    });
    renderRoute('/verify-email/not-an-email');
    expect(await screen.findByText(TOASTS.error.invalidEmail)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('OTP', { exact: true }), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getAllByText(TOASTS.error.invalidEmail)).toHaveLength(1));
    expect(api.callsTo('POST', '/admin-auth/verify-otp')).toHaveLength(0);
  });
});
