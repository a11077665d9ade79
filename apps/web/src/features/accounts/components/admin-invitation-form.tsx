// /admin/login?invite=<token>#<secret>: an invited admin sets a password
// (the reset form's rules) and is signed in, then lands on /dashboard.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  newPasswordFormSchema,
  SECURITY_MESSAGES,
  TOASTS,
  type NewPasswordFormInput,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField } from '@/components/ui/form-field';
import { showApiSuccess, withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { acceptAdminInvitation, useAdminInvitation } from '../api/admin-invitation';
import { rememberAdminLoginSecret, saveAdminSession } from '../lib/admin-session';
import { AuthCard } from './auth-card';
import { PageSpinner } from './page-spinner';

export function AdminInvitationForm({ token, secret }: { token: string; secret: string }) {
  const navigate = useNavigate();
  const invitation = useAdminInvitation(token);
  const form = useForm<NewPasswordFormInput, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const result = await acceptAdminInvitation({ token, password }, secret);
    if (!result.success) {
      toast.error(TOASTS.error.generic, { description: withBang(result.message) });
      return;
    }
    showApiSuccess(result);
    rememberAdminLoginSecret(secret);
    saveAdminSession({ token: result.data.token, adminDetails: result.data.adminDetails });
    // A new admin has no second factor yet, and makes no change before one (decision 0064).
    toast.warning(SECURITY_MESSAGES.adminFactorRequired);
    void navigate('/admin/security', { replace: true });
  });

  if (invitation.isPending) return <PageSpinner />;
  if (invitation.isError) {
    return (
      <AuthCard title="Admin invitation">
        <p role="alert" className="text-slate-700">
          {withBang(invitation.error.message)}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set your admin password"
      intro={
        <>
          You were invited to administer the platform as <strong>{invitation.data.email}</strong>.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Saving...' : 'Set password and sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
