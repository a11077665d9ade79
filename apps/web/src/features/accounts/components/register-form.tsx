// /register: the form (validated on change with the shared schema), then the
// OTP modal, then the account is created and the person signed in. What
// happens on chain after that is the caller's (`onRegistered`).
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  registerFormSchema,
  TOASTS,
  type RegisterData,
  type RegisterFormInput,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField, SelectField, TextField } from '@/components/ui/form-field';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { register as registerAccount } from '../api/register';
import { sendOtp } from '../api/send-otp';
import { keepingNext, NEXT_PARAM } from '../lib/next-path';
import { saveSession } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';
import { ProfileImagePicker } from './profile-image-picker';
import { RegistrationOtpModal } from './registration-otp-modal';

type RegisterFormValues = z.output<typeof registerFormSchema>;

const USER_TYPE_OPTIONS = [
  { value: 'sponsor', label: 'Sponsor' },
  { value: 'earner', label: 'Earner' },
];

export function RegisterForm({
  onRegistered,
}: {
  /** Called after the account exists and the session is stored. */
  onRegistered: (data: RegisterData) => void;
}) {
  const navigate = useNavigate();
  // The page to return to after registering (a badge's link): kept by Login too.
  const next = useSearchParams()[0].get(NEXT_PARAM);
  const [sending, setSending] = useState(false);
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<RegisterFormValues | null>(null);
  const form = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onChange',
    defaultValues: {
      email: '',
      fullName: '',
      userName: '',
      password: '',
      confirmPassword: '',
      userType: '',
      profilePic: '',
    },
  });
  const { errors, isValid } = form.formState;
  const fullName = useWatch({ control: form.control, name: 'fullName' });

  const requestOtp = async (email: string): Promise<boolean> => {
    const result = await sendOtp(email, 'register');
    if (!result.success) {
      showApiError(result, (path) => void navigate(keepingNext(path, next)));
      return false;
    }
    showApiSuccess(result);
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setSending(true);
    const sent = await requestOtp(values.email);
    setSending(false);
    if (sent) setPending(values);
  });

  const createAccount = async (otp: string) => {
    if (!pending) return;
    setCreating(true);
    const id = toast.loading(TOASTS.loading.creatingAccount);
    const result = await registerAccount({
      email: pending.email,
      otp,
      password: pending.password,
      fullName: pending.fullName,
      userName: pending.userName,
      userType: pending.userType,
      profilePic: pending.profilePic ?? undefined,
    });
    setCreating(false);
    if (!result.success) {
      if (result.status === 0) toast.error(TOASTS.error.registerFailed, { id });
      else showApiError(result, (path) => void navigate(keepingNext(path, next)), { id });
      return;
    }
    showApiSuccess(result, { id });
    setPending(null);
    // The caller hears first, so it can hold the signed-in redirect of /register.
    onRegistered(result.data);
    saveSession({ token: result.data.token, user: result.data.user });
  };

  return (
    <AuthCard
      wide
      title="Create your account"
      intro="Register with your email; we send a one-time code to confirm it. Your custodial wallet is created with your account."
      footer={
        <>
          Already have an account?{' '}
          <Link to={keepingNext('/login', next)} className={linkClass}>
            Login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="profilePic"
            render={({ field }) => (
              <ProfileImagePicker
                value={field.value}
                name={fullName}
                onChange={(url) => field.onChange(url)}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextField
          label="User Name"
          autoComplete="username"
          error={errors.userName?.message}
          {...form.register('userName')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password', {
            onChange: () => {
              if (form.getValues('confirmPassword')) void form.trigger('confirmPassword');
            },
          })}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <div className="sm:col-span-2">
          <SelectField
            label="User Type"
            placeholder="Select user type"
            options={USER_TYPE_OPTIONS}
            error={errors.userType?.message}
            {...form.register('userType')}
          />
        </div>
        <button
          type="submit"
          disabled={!isValid || sending || creating}
          className={`${buttonStyles.primary} sm:col-span-2`}
        >
          {sending ? 'Sending OTP...' : 'Register with OTP'}
        </button>
      </form>
      {pending && (
        <RegistrationOtpModal
          email={pending.email}
          submitting={creating}
          onSubmit={(otp) => void createAccount(otp)}
          onResend={() => requestOtp(pending.email)}
          onClose={() => setPending(null)}
        />
      )}
    </AuthCard>
  );
}
