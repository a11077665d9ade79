// /login: email and password (show/hide), links to /forgot-password and
// /register; a successful login stores { token, user } and opens /dashboard,
// or the page ?next= names (where the session ended, or the badge a visitor
// was asked to log in for). Sign Up (and the "not registered" redirect) carry
// that next on to /register. With a second factor enrolled, the password is
// answered "confirm it is you" and the same login is sent again with the
// factor; "Sign in with a passkey" skips the password.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  loginSchema,
  SECURITY_MESSAGES,
  type AuthData,
  type LoginRequest,
  type SecondFactorProof,
  type SecondFactorRequired,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { FactorProofForm } from '@/features/security';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { login } from '../api/login';
import { secondFactorAsked } from '../lib/second-factor-login';
import { keepingNext, NEXT_PARAM, pathAfterLogin } from '../lib/next-path';
import { saveSession } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';
import { PasskeySignIn } from './passkey-sign-in';

interface Challenge {
  body: LoginRequest;
  asked: SecondFactorRequired;
  error: string | null;
}

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<LoginRequest, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const next = params.get(NEXT_PARAM);
  const [challenge, setChallenge] = useState<Challenge | null>(null);

  const signedIn = (result: { message: string; data: AuthData }) => {
    showApiSuccess(result);
    saveSession({ token: result.data.token, user: result.data.user });
    void navigate(pathAfterLogin(next), { replace: true });
  };

  const send = async (body: LoginRequest) => {
    const result = await login(body);
    if (result.success) return signedIn(result);
    const asked = secondFactorAsked(result);
    if (asked) {
      // The first answer asks; a refused factor says why, with a fresh passkey challenge.
      const first =
        body.totpCode === undefined && body.recoveryCode === undefined && !body.webauthn;
      setChallenge({ body, asked, error: first ? null : result.message });
      return;
    }
    setChallenge(null);
    showApiError(result, (path) => void navigate(keepingNext(path, next)));
  };

  const onSubmit = form.handleSubmit((values) => send(values));

  const withProof = (proof: SecondFactorProof) => {
    if (!challenge) return Promise.resolve();
    const { email, password } = challenge.body;
    return send({ email, password, ...proof });
  };

  if (challenge) {
    return (
      <AuthCard title="Confirm it is you">
        <FactorProofForm
          kinds={challenge.asked.kinds}
          intro={SECURITY_MESSAGES.loginSecondFactor}
          error={challenge.error}
          getPasskeyOptions={() => Promise.resolve(challenge.asked.passkey)}
          onProof={withProof}
          onCancel={() => setChallenge(null)}
        />
      </AuthCard>
    );
  }

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
        <PasskeySignIn onSignedIn={signedIn} />
      </form>
    </AuthCard>
  );
}
