// The admin's revoke dialog: a required reason (kept by the platform, never
// published) and Revoke credential; the server's refusal shows in the dialog.
import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextAreaField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';

export const revokeDialogTitle = (earnerName: string) => `Revoke the credential of ${earnerName}`;
/** The server's limit on a reason (revokeCredentialRequestSchema). */
const REASON_MAX = 500;

export function RevokeCredentialDialog({
  earnerName,
  busy,
  error,
  onRevoke,
  onClose,
}: {
  earnerName: string;
  busy: boolean;
  error: string | null;
  onRevoke: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const given = reason.trim();
  return (
    <Modal
      open
      title={revokeDialogTitle(earnerName)}
      onClose={onClose}
      dismissible={!busy}
      size="sm"
      description="Anyone who verifies it will see it is revoked. The reason stays with the platform."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (given) onRevoke(given);
        }}
        className="space-y-5"
      >
        <TextAreaField
          label="Reason"
          required
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error ?? undefined}
          data-autofocus
        />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonStyles.outline} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={busy || !given}>
            Revoke credential
          </button>
        </div>
      </form>
    </Modal>
  );
}
