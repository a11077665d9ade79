// /verify-email/{email}: the mailed 6-digit OTP, Verify, and a resend control
// with a 30-second countdown. In the reset flow (forgot flag) a correct OTP
// opens the new-password modal; the reset itself sends the person to /login.
// Without the flag the page only checks a registration code (registration is
// finished in the /register OTP modal), then sends the person to /register.
// A failure the server did not put in words (no answer, a 5xx) ends the
// attempt as spec section 8 says: its message, session cleared, /login.
// An email in the path that is not an email is said with the spec's toast
// "Invalid email address", and nothing is sent for it. Without a mail server,
// it says the code is in the server's terminal.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import {
  OTP_LENGTH,
  OTP_RESEND_COUNTDOWN_S,
  isValidEmail,
  otpFormSchema,
  TOASTS,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { useCountdown } from '@/hooks/use-countdown';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { sendOtp } from '../api/send-otp';
import { verifyOtp } from '../api/verify-otp';
import { clearSession, hasForgotFlag, setForgotFlag } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';
import { NewPasswordModal } from './new-password-modal';
import { OutboxCodeHint } from './outbox-code-hint';

/** No answer, or a server error: nothing the person can act on here. */
const isUnreadableFailure = (result: { status: number }) =>
  result.status === 0 || result.status >= 500;

/** One toast however often it is said (a page opened twice, Verify pressed again). */
const INVALID_EMAIL_TOAST_ID = 'invalid-email';
const sayInvalidEmail = () =>
  toast.error(TOASTS.error.invalidEmail, { id: INVALID_EMAIL_TOAST_ID });

export function VerifyEmailForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [forgot] = useState(hasForgotFlag);
  const [verifiedOtp, setVerifiedOtp] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { remaining, restart } = useCountdown(OTP_RESEND_COUNTDOWN_S.verifyEmailPage);
  const form = useForm<z.input<typeof otpFormSchema>, unknown, z.output<typeof otpFormSchema>>({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const otpField = form.register('otp');
  const emailValid = isValidEmail(email);

  useEffect(() => {
    if (!emailValid) sayInvalidEmail();
  }, [emailValid]);

  const giveUp = () => {
    toast.error(TOASTS.error.verifyEmailFailed);
    clearSession();
    setForgotFlag(false);
    void navigate('/login', { replace: true });
  };

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    if (!emailValid) {
      sayInvalidEmail();
      return;
    }
    const result = await verifyOtp({ email, otp });
    if (!result.success) {
      if (isUnreadableFailure(result)) giveUp();
      else showApiError(result, (path) => void navigate(path));
      return;
    }
    if (forgot) {
      setVerifiedOtp(otp);
      return;
    }
    showApiSuccess(result);
    void navigate('/register');
  });

  const resend = async () => {
    if (!emailValid) {
      sayInvalidEmail();
      return;
    }
    setResending(true);
    const result = await sendOtp(email, forgot ? 'reset' : 'register');
    setResending(false);
    if (!result.success) {
      showApiError(result, (path) => void navigate(path));
      return;
    }
    showApiSuccess(result);
    form.reset({ otp: '' });
    restart();
  };

  const submitNewPassword = async (password: string): Promise<boolean> => {
    if (!verifiedOtp) return false;
    const result = await resetPassword({ email, otp: verifiedOtp, password });
    if (!result.success) {
      // The spec's reset failure; the modal stays, with the new password, to try again.
      if (isUnreadableFailure(result)) toast.error(TOASTS.error.resetPasswordFailed);
      else showApiError(result, (path) => void navigate(path));
      return false;
    }
    toast.success(TOASTS.success.passwordReset);
    setVerifiedOtp(null);
    setForgotFlag(false);
    void navigate('/login', { replace: true });
    return true;
  };

  return (
    <AuthCard
      title="Verify Your Email"
      intro={
        <>
          We have sent a {OTP_LENGTH}-digit OTP to{' '}
          <strong className="break-all text-slate-900">{email}</strong>. Enter it below
          {forgot ? ' to reset your password.' : '.'}
        </>
      }
      footer={
        <Link to="/login" className={linkClass}>
          Back to login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <OutboxCodeHint />
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="123456"
          className="block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-center font-mono text-xl tracking-[0.5em] text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-500"
          error={errors.otp?.message}
          {...otpField}
          onChange={(event) => {
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '');
            void otpField.onChange(event);
          }}
        />
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Verifying...' : 'Verify'}
        </button>
        <p className="text-center text-sm text-slate-600" aria-live="polite">
          {remaining > 0 ? (
            <>Resend OTP in {remaining}s</>
          ) : (
            <button
              type="button"
              onClick={() => void resend()}
              disabled={resending}
              className={`${linkClass} disabled:opacity-50`}
            >
              {resending ? 'Resending...' : 'Resend OTP'}
            </button>
          )}
        </p>
      </form>
      {verifiedOtp && (
        <NewPasswordModal onSubmit={submitNewPassword} onClose={() => setVerifiedOtp(null)} />
      )}
    </AuthCard>
  );
}
