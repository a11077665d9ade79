// "Create API key": a name, the scopes the key may use and when it expires;
// then the key itself, shown this once, to copy before the dialog closes.
import { useId, useState } from 'react';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyRequestSchema,
  INTEGRATION_MESSAGES,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { formatDays } from '@/lib/format';
import { createApiKey } from '../api/developers-api';
import { CopyField } from './copy-field';

export const CREATE_API_KEY_TITLE = 'Create API key';
export const NEW_API_KEY_LABEL = 'New API key';

const EXPIRY_OPTIONS = [
  { value: '', label: 'Never' },
  ...API_KEY_EXPIRY_DAYS.map((days) => ({ value: String(days), label: formatDays(days) })),
];

type Errors = Partial<Record<'name' | 'scopes' | 'form', string>>;

export function CreateApiKeyDialog({
  onCreated,
  onClose,
}: {
  /** The new key, for the list (its secret stays in this dialog). */
  onCreated: (key: ApiKey) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const scopesId = useId();

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) =>
      on
        ? API_KEY_SCOPES.filter((s) => s === scope || current.includes(s))
        : current.filter((s) => s !== scope),
    );

  const submit = async () => {
    const body: CreateApiKeyRequest = {
      name,
      scopes,
      expiresInDays: expiry === '' ? null : (Number(expiry) as 30 | 90 | 365),
    };
    const parsed = createApiKeyRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'scopes' ? 'scopes' : issue.path[0] === 'name' ? 'name' : 'form';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await createApiKey(parsed.data);
    setBusy(false);
    if (!result.success) {
      if (result.sessionEnded) onClose();
      else setErrors({ form: result.message });
      return;
    }
    onCreated(result.data.key);
    setSecret(result.data.secret);
  };

  return (
    <Modal
      open
      title={CREATE_API_KEY_TITLE}
      onClose={onClose}
      // Once the key shows, only Done closes it: a stray click must not lose the key.
      dismissible={!busy && secret === null}
      size="md"
    >
      {secret !== null ? (
        <div className="flex flex-col gap-4">
          <p
            role="status"
            className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {INTEGRATION_MESSAGES.keyCreated}
          </p>
          <CopyField label={NEW_API_KEY_LABEL} value={secret} autoFocus />
          <p className="text-sm text-slate-600">
            Send it in the header{' '}
            <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. Keep it where your
            other secrets are: whoever has it acts as you within its scopes.
          </p>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className={buttonStyles.primary}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Name"
            value={name}
            maxLength={API_KEY_NAME_MAX_LENGTH}
            hint="What the key is for, to tell it apart later (for example: CRM sync)"
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            disabled={busy}
            autoComplete="off"
            data-autofocus
          />
          <fieldset
            aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}
            className="flex flex-col gap-2"
          >
            <legend className="mb-1 text-sm font-medium text-slate-800">Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <ScopeCheckbox
                key={scope}
                scope={scope}
                checked={scopes.includes(scope)}
                disabled={busy}
                onChange={(on) => toggle(scope, on)}
              />
            ))}
            {errors.scopes && (
              <p id={`${scopesId}-error`} role="alert" className="text-xs font-medium text-red-600">
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <SelectField
            label="Expires"
            value={expiry}
            options={EXPIRY_OPTIONS}
            onChange={(event) => setExpiry(event.target.value)}
            disabled={busy}
          />
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {errors.form}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className={buttonStyles.outline}
            >
              Cancel
            </button>
            <button type="submit" disabled={busy} className={buttonStyles.primary}>
              {busy ? 'Creating...' : 'Create'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** A scope's checkbox: labelled by what it allows, its id read as its description. */
function ScopeCheckbox({
  scope,
  checked,
  disabled,
  onChange,
}: {
  scope: ApiKeyScope;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const inputId = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${inputId}-scope`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-800"
      />
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-sm text-slate-800">
          {API_KEY_SCOPE_LABELS[scope]}
        </label>
        <code id={`${inputId}-scope`} className="font-mono text-xs text-slate-500">
          {scope}
        </code>
      </div>
    </div>
  );
}
