// /admin/login#<secret>: email, password with a show toggle, Login. The
// session is stored under 'admin' with the admin marker; then /dashboard, or
// the page the admin was on when their session ended (?next=). With a second
// factor enrolled the login asks for it; an admin who must enrol one and has
// none is sent to the admin Security page first.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import {
  adminLoginSchema,
  SECURITY_MESSAGES,
  TOASTS,
  type AdminLoginData,
  type AdminLoginRequest,
  type SecondFactorProof,
  type SecondFactorRequired,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { FactorProofForm, getSecurityOverview } from '@/features/security';
import { showApiSuccess, withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { adminLogin } from '../api/admin-login';
import { rememberAdminLoginSecret, saveAdminSession } from '../lib/admin-session';
import { NEXT_PARAM, pathAfterLogin } from '../lib/next-path';
import { secondFactorAsked } from '../lib/second-factor-login';
import { AuthCard } from './auth-card';

interface Challenge {
  body: AdminLoginRequest;
  asked: SecondFactorRequired;
  error: string | null;
}

export function AdminLoginForm({ secret }: { secret: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<AdminLoginRequest, unknown, z.output<typeof adminLoginSchema>>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  const signedIn = async (result: { message: string; data: AdminLoginData }) => {
    showApiSuccess(result);
    rememberAdminLoginSecret(secret);
    saveAdminSession({ token: result.data.token, adminDetails: result.data.adminDetails });
    // An admin who must confirm changes with a factor, and has none yet, enrols one first.
    const security = await getSecurityOverview('admin');
    const mustEnrol = security.success && security.data?.factorRequired === true;
    if (mustEnrol && security.data?.hasSecondFactor === false) {
      toast.warning(SECURITY_MESSAGES.adminFactorRequired);
      void navigate('/admin/security', { replace: true });
      return;
    }
    void navigate(pathAfterLogin(params.get(NEXT_PARAM)), { replace: true });
  };

  const send = async (body: AdminLoginRequest) => {
    const result = await adminLogin(body, secret);
    if (result.success) return signedIn(result);
    const asked = secondFactorAsked(result);
    if (asked) {
      const first =
        body.totpCode === undefined && body.recoveryCode === undefined && !body.webauthn;
      setChallenge({ body, asked, error: first ? null : result.message });
      return;
    }
    setChallenge(null);
    // The spec's admin login failure toast, with the server's reason under it.
    toast.error(TOASTS.error.generic, { description: withBang(result.message) });
  };

  const onSubmit = form.handleSubmit((values) => send(values));

  if (challenge) {
    const { email, password } = challenge.body;
    return (
      <AuthCard title="Confirm it is you">
        <FactorProofForm
          kinds={challenge.asked.kinds}
          intro={SECURITY_MESSAGES.loginSecondFactor}
          error={challenge.error}
          getPasskeyOptions={() => Promise.resolve(challenge.asked.passkey)}
          onProof={(proof: SecondFactorProof) => send({ email, password, ...proof })}
          onCancel={() => setChallenge(null)}
        />
      </AuthCard>
    );
  }

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
