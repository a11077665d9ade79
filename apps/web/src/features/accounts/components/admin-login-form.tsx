// /admin/login#<secret>: email, password with a show toggle, Login. The
// session is stored under 'admin' with the admin marker; then /dashboard, or
// the page the admin was on when their session ended (?next=).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { adminLoginSchema, TOASTS, type AdminLoginRequest } from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { showApiSuccess, withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { adminLogin } from '../api/admin-login';
import { rememberAdminLoginSecret, saveAdminSession } from '../lib/admin-session';
import { NEXT_PARAM, pathAfterLogin } from '../lib/next-path';
import { AuthCard } from './auth-card';

export function AdminLoginForm({ secret }: { secret: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<AdminLoginRequest, unknown, z.output<typeof adminLoginSchema>>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await adminLogin(values, secret);
    if (!result.success) {
      // The spec's admin login failure toast, with the server's reason under it.
      toast.error(TOASTS.error.generic, { description: withBang(result.message) });
      return;
    }
    showApiSuccess(result);
    rememberAdminLoginSecret(secret);
    saveAdminSession({ token: result.data.token, adminDetails: result.data.adminDetails });
    void navigate(pathAfterLogin(params.get(NEXT_PARAM)), { replace: true });
  });

  return (
    <AuthCard title="Admin Login" intro="Platform administrators only.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
