// The Apply-for-badge modal (spec sections 2 and 5): Full Name, Program Name
// (if any), the two yes/no questions, Evidence only when the earner will send
// it, the link to the data privacy guidelines, and Apply, which runs the
// request on chain through the consent dialog.
import { useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXTERNAL_LINKS,
  applicationFormSchema,
  type ApplicationForm,
  type ApplicationFormInput,
  type Badge,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useApplyForBadge } from '../api/apply-for-badge';

function YesNo({
  legend,
  error,
  registration,
}: {
  legend: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex gap-6">
        {(['yes', 'no'] as const).map((value) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              value={value}
              className="size-4 accent-brand-800"
              {...registration}
            />
            {value === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ApplyModal({
  badge,
  open,
  onClose,
  user,
}: {
  badge: Badge;
  open: boolean;
  onClose: () => void;
  user: { email: string; fullName: string; account: string };
}) {
  const { apply, isApplying } = useApplyForBadge();
  const form = useForm<ApplicationFormInput, unknown, ApplicationForm>({
    resolver: zodResolver(applicationFormSchema),
    mode: 'onChange',
    defaultValues: { fullName: user.fullName, program: '', evidence: '' },
  });
  const { errors } = form.formState;
  const needEvidence = useWatch({ control: form.control, name: 'needEvidence' });

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await apply({ badge, form: values, email: user.email, account: user.account });
    if (saved) {
      form.reset();
      onClose();
    }
  });

  return (
    <Modal
      open={open}
      title={`Apply for ${badge.name}`}
      onClose={onClose}
      dismissible={!isApplying}
      description="Your application is recorded on chain for the badge's sponsor to review."
    >
      <form className="space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="Full Name"
          autoComplete="name"
          data-autofocus
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextField
          label="Program Name (if any)"
          error={errors.program?.message}
          {...form.register('program')}
        />
        <YesNo
          legend="Do you meet all of the awarding criteria?"
          error={errors.awardCriteria?.message}
          registration={form.register('awardCriteria')}
        />
        <YesNo
          legend="Do you need to send evidence?"
          error={errors.needEvidence?.message}
          registration={form.register('needEvidence')}
        />
        {needEvidence === 'yes' && (
          <TextAreaField
            label="Evidence"
            rows={4}
            hint="A link or a description of your evidence for the award criteria."
            error={errors.evidence?.message}
            {...form.register('evidence')}
          />
        )}
        <p className="text-xs text-slate-600">
          Before you apply, read our{' '}
          <a
            href={EXTERNAL_LINKS.privacyPolicy}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-800 underline"
          >
            data privacy guidelines
          </a>
          : your name, program and evidence are shared with the badge's sponsor.
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className={buttonStyles.outline}
            onClick={onClose}
            disabled={isApplying}
          >
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={isApplying}>
            {isApplying ? 'Applying...' : 'Apply'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
