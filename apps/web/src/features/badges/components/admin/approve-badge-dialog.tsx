// The admin's approve dialog (spec section 2): "Add expiry date and approve
// this badge to publish" with a date; without a date Approve does nothing.
import { useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';

export const APPROVE_DIALOG_TITLE = 'Add expiry date and approve this badge to publish';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The chosen day's end in local time, as the millisecond timestamp the approve call takes. */
export function expiryOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 23, 59, 59).getTime();
}

export function ApproveBadgeDialog({
  open,
  busy,
  onApprove,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onApprove: (expiryDate: number) => void;
  onClose: () => void;
}) {
  const inputId = useId();
  const [day, setDay] = useState('');
  // The earliest day to pick, fixed when the dialog mounts.
  const [tomorrow] = useState(() => new Date(Date.now() + 86_400_000));
  return (
    <Modal open={open} title={APPROVE_DIALOG_TITLE} onClose={onClose} dismissible={!busy} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (day) onApprove(expiryOfDay(day));
        }}
        className="space-y-5"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Expiry date
          </label>
          <input
            id={inputId}
            type="date"
            min={isoDay(tomorrow)}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            className="rounded-xl border border-slate-300 px-4 py-2.5 text-sm"
          />
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonStyles.outline} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Approve
          </button>
        </div>
      </form>
    </Modal>
  );
}
