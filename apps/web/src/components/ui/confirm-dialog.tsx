// A yes/no decision in a dialog (Delete Draft's "Are you sure...", withdrawing
// an invitation, banning a badge with the list of what the ban does).
import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = 'Confirm',
  busy = false,
  role = 'alertdialog',
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  busy?: boolean;
  /** 'dialog' where the page names its confirmations as plain dialogs (the Developers page). */
  role?: 'dialog' | 'alertdialog';
  onConfirm: () => void;
  onCancel: () => void;
  /** More to read before deciding (such as an EffectList), under the text. */
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      dismissible={!busy}
      size="sm"
      role={role}
      description={text}
    >
      {children}
      <div className="flex justify-end gap-3">
        <button type="button" className={buttonStyles.outline} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          onClick={onConfirm}
          disabled={busy}
          data-autofocus
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
