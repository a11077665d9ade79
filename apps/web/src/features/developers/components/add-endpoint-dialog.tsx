// "Add endpoint": the URL the sponsor's events are POSTed to and which events
// (all of them to start with). A URL the server refuses (not https, a private
// address...) is said beside the field, in the server's words.
import { useEffect, useId, useRef, useState } from 'react';
import {
  createWebhookEndpointRequestSchema,
  INTEGRATION_MESSAGES,
  SPONSOR_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type SponsorEventType,
  type WebhookEndpoint,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { addWebhookEndpoint } from '../api/developers-api';

export const ADD_ENDPOINT_TITLE = 'Add endpoint';

type Errors = Partial<Record<'url' | 'events' | 'form', string>>;

/** The server's refusals that are about the URL: said beside the field. */
const URL_MESSAGES: readonly string[] = [
  INTEGRATION_MESSAGES.urlInvalid,
  INTEGRATION_MESSAGES.urlNotHttps,
  INTEGRATION_MESSAGES.urlCredentials,
  INTEGRATION_MESSAGES.urlPrivate,
];

export function AddEndpointDialog({
  onAdded,
  onClose,
}: {
  onAdded: (endpoint: WebhookEndpoint) => void;
  onClose: () => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<SponsorEventType[]>([...SPONSOR_EVENT_TYPES]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const eventsId = useId();
  const allRef = useRef<HTMLInputElement>(null);
  const all = events.length === SPONSOR_EVENT_TYPES.length;
  const some = events.length > 0 && !all;

  // "Select all" shows a dash while only some events are chosen.
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  const toggle = (type: SponsorEventType, on: boolean) =>
    setEvents((current) =>
      on
        ? SPONSOR_EVENT_TYPES.filter((t) => t === type || current.includes(t))
        : current.filter((t) => t !== type),
    );

  const submit = async () => {
    const parsed = createWebhookEndpointRequestSchema.safeParse({ url, events });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'url' ? 'url' : issue.path[0] === 'events' ? 'events' : 'form';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await addWebhookEndpoint(parsed.data);
    setBusy(false);
    if (!result.success) {
      if (result.sessionEnded) onClose();
      else if (URL_MESSAGES.includes(result.message)) setErrors({ url: result.message });
      else setErrors({ form: result.message });
      return;
    }
    onAdded(result.data);
  };

  return (
    <Modal open title={ADD_ENDPOINT_TITLE} onClose={onClose} dismissible={!busy} size="md">
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://example.com/webhooks/gets"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          hint="A public https:// address; each event is POSTed to it, signed."
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          disabled={busy}
          autoComplete="off"
          data-autofocus
        />
        <fieldset
          aria-describedby={errors.events ? `${eventsId}-error` : undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
          <label className="flex items-center gap-3 text-sm font-semibold text-slate-800">
            <input
              ref={allRef}
              type="checkbox"
              checked={all}
              disabled={busy}
              onChange={(event) => setEvents(event.target.checked ? [...SPONSOR_EVENT_TYPES] : [])}
              className="size-4 shrink-0 accent-brand-800"
            />
            Select all
          </label>
          <div className="grid gap-2 sm:grid-cols-2">
            {SPONSOR_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={events.includes(type)}
                  disabled={busy}
                  onChange={(event) => toggle(type, event.target.checked)}
                  className="size-4 shrink-0 accent-brand-800"
                />
                <code className="font-mono text-xs">{type}</code>
              </label>
            ))}
          </div>
          {errors.events && (
            <p id={`${eventsId}-error`} role="alert" className="text-xs font-medium text-red-600">
              {errors.events}
            </p>
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={buttonStyles.outline}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {ADD_ENDPOINT_TITLE}
          </button>
        </div>
      </form>
    </Modal>
  );
}
