// /profile: email, user name and user type read-only; full name, picture and
// the two reminder-email switches editable; "Update Profile" saves; "Delete
// Account" explains how deletion works.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { EXTERNAL_LINKS, profileFormSchema } from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { SwitchField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { updateProfile } from '../api/update-profile';
import { updateStoredUser, type SessionUser } from '../lib/session';
import { AuthCard, linkClass } from './auth-card';
import { ProfileImagePicker } from './profile-image-picker';

const USER_TYPE_LABELS = { SPONSOR: 'Sponsor', EARNER: 'Earner' } as const;

/** The form's values from the user as stored or as the API answered. */
function formValues(user: {
  fullName: string;
  profilePic: string | null;
  emailClaimReminder: boolean;
  emailApplicationDigest: boolean;
}) {
  return {
    fullName: user.fullName,
    profilePic: user.profilePic ?? '',
    emailClaimReminder: user.emailClaimReminder,
    emailApplicationDigest: user.emailApplicationDigest,
  };
}

export function ProfileForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const form = useForm<
    z.input<typeof profileFormSchema>,
    unknown,
    z.output<typeof profileFormSchema>
  >({
    resolver: zodResolver(profileFormSchema),
    mode: 'onChange',
    defaultValues: formValues(user),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await updateProfile({
      id: user._id,
      fullName: values.fullName,
      profilePic: values.profilePic ?? null,
      emailClaimReminder: values.emailClaimReminder,
      emailApplicationDigest: values.emailApplicationDigest,
    });
    if (!result.success) {
      showApiError(result, (path) => void navigate(path));
      return;
    }
    updateStoredUser(result.data);
    form.reset(formValues(result.data));
    showApiSuccess(result);
  });

  return (
    <AuthCard
      wide
      title="Profile"
      intro="Your name and picture show on your badges and in the header."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="profilePic"
            render={({ field }) => (
              <ProfileImagePicker
                value={field.value}
                name={user.fullName}
                onChange={(url) => field.onChange(url)}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField label="Email" type="email" value={user.email} readOnly />
        </div>
        <TextField label="User Name" value={user.userName} readOnly />
        <TextField
          label="User Type"
          value={user.userType ? USER_TYPE_LABELS[user.userType] : ''}
          readOnly
        />
        <div className="sm:col-span-2">
          <TextField
            label="Full Name"
            autoComplete="name"
            error={errors.fullName?.message}
            {...form.register('fullName')}
          />
        </div>
        <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold text-slate-900">Email notifications</legend>
          <SwitchField
            label="Claim reminders"
            hint="An email shortly before the claim period of a badge you were approved for ends, if you have not claimed it yet."
            {...form.register('emailClaimReminder')}
          />
          <SwitchField
            label="Daily digest of new applications"
            hint="One email a day listing the new applications to your badges, only on days there are some."
            {...form.register('emailApplicationDigest')}
          />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
          <button
            type="button"
            onClick={() => setDeleteOpen(true)}
            className={`${buttonStyles.outline} border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50`}
          >
            Delete Account
          </button>
          <button
            type="submit"
            disabled={isSubmitting || !isDirty}
            className={buttonStyles.primary}
          >
            {isSubmitting ? 'Updating...' : 'Update Profile'}
          </button>
        </div>
      </form>
      <Modal
        open={deleteOpen}
        title="Delete your account"
        onClose={() => setDeleteOpen(false)}
        size="sm"
      >
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Account deletion is handled by our support team, because your account holds a custodial
            wallet: any tokens and badges in it have to be settled before it is closed.
          </p>
          <p>
            Contact support from the email of this account ({user.email}) and we will guide you
            through it. Nothing is deleted from this page.
          </p>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => setDeleteOpen(false)}
            className={buttonStyles.outline}
            data-autofocus
          >
            Close
          </button>
          <a
            href={EXTERNAL_LINKS.contact}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles.primary}
          >
            Contact support
          </a>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          Opens <span className={linkClass}>{EXTERNAL_LINKS.contact}</span> in a new tab.
        </p>
      </Modal>
    </AuthCard>
  );
}
