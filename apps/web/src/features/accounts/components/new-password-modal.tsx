// The reset flow's modal: New Password and Confirm Password (show/hide), Submit.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordFormSchema, type NewPasswordFormInput } from '@gets/schema';
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';
import { PasswordField } from '@/components/ui/form-field';

export function NewPasswordModal({
  onSubmit,
  onClose,
}: {
  /** Resolves true when the password was reset. */
  onSubmit: (password: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const form = useForm<NewPasswordFormInput>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Modal
      open
      title="Reset your password"
      onClose={onClose}
      dismissible={!isSubmitting}
      size="sm"
      description="Choose a new password for your account."
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit(async (values) => {
          await onSubmit(values.password);
        })}
      >
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          data-autofocus
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
        <button type="submit" disabled={isSubmitting} className={buttonStyles.primary}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </button>
      </form>
    </Modal>
  );
}
