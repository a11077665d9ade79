// /forgot-password: an email and "Get OTP"; on success the reset continues
// on /verify-email/{email} with the forgot flag set.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordFormSchema } from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { sendOtp } from '../api/send-otp';
import { setForgotFlag } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const form = useForm<
    z.input<typeof forgotPasswordFormSchema>,
    unknown,
    z.output<typeof forgotPasswordFormSchema>
  >({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const result = await sendOtp(email, 'reset');
    if (!result.success) {
      showApiError(result, (path) => void navigate(path));
      return;
    }
    showApiSuccess(result);
    setForgotFlag(true);
    void navigate(`/verify-email/${encodeURIComponent(email)}`);
  });

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email of your account. We will send an OTP to it for verification and password reset."
      footer={
        <Link to="/login" className={linkClass}>
          Back to login
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Sending...' : 'Get OTP'}
        </button>
      </form>
    </AuthCard>
  );
}
