// A copy-to-clipboard button with the spec's toast.
import { TOASTS } from '@gets/schema';
import { CopyIcon } from '@/components/icons/icons';
import { toast } from '@/lib/toast';

export function CopyButton({
  value,
  label,
  success = TOASTS.success.copied,
  children,
}: {
  value: string;
  label: string;
  success?: string;
  children?: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => toast.success(success),
          () => toast.error(TOASTS.error.somethingWentWrong),
        );
      }}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <CopyIcon className="size-4" />
      {children}
    </button>
  );
}
