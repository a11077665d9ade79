// Naming a passkey the browser just made, so the list can tell them apart.
import { useState } from 'react';
import { addPasskeyRequestSchema, PASSKEY_NAME_MAX_LENGTH } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';

export const PASSKEY_NAME_TITLE = 'Name your passkey';

/** "Firefox on Linux": a default name from the browser's own description. */
export function browserName(userAgent = navigator.userAgent): string {
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? 'Browser';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Mac OS', 'macOS'],
      ['Windows', 'Windows'],
      ['Linux', 'Linux'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}

export function PasskeyNameDialog({
  onSave,
  onClose,
}: {
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(browserName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={PASSKEY_NAME_TITLE} onClose={onClose} dismissible={!busy} size="sm">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = addPasskeyRequestSchema.shape.name.safeParse(name);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setBusy(true);
          void onSave(parsed.data).finally(() => setBusy(false));
        }}
      >
        <TextField
          label="Passkey name"
          value={name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          error={error ?? undefined}
          disabled={busy}
          data-autofocus
        />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            Save passkey
          </button>
        </div>
      </form>
    </Modal>
  );
}
