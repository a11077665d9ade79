// /login: email and password (show/hide), links to /forgot-password and
// /register; a successful login stores { token, user } and opens /dashboard,
// or the page ?next= names (where the session ended, or the badge a visitor
// was asked to log in for). Sign Up (and the "not registered" redirect) carry
// that next on to /register.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema, type LoginRequest } from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { login } from '../api/login';
import { keepingNext, NEXT_PARAM, pathAfterLogin } from '../lib/next-path';
import { saveSession } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<LoginRequest, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const next = params.get(NEXT_PARAM);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await login(values);
    if (!result.success) {
      showApiError(result, (path) => void navigate(keepingNext(path, next)));
      return;
    }
    showApiSuccess(result);
    saveSession({ token: result.data.token, user: result.data.user });
    void navigate(pathAfterLogin(next), { replace: true });
  });

  return (
    <AuthCard
      title="Login"
      intro="Welcome back. Sign in to your badges and your wallet."
      footer={
        <>
          New here?{' '}
          <Link to={keepingNext('/register', next)} className={linkClass}>
            Sign Up
          </Link>
        </>
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link to="/forgot-password" className={`${linkClass} -mt-2 self-end text-sm`}>
          Forgot Password?
        </Link>
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </AuthCard>
  );
}
