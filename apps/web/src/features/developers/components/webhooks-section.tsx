// The sponsor's webhook endpoints: each with its URL, its events, whether it
// is in use (and why not, with Enable), its signing secret to copy, Send test
// event, Remove and its recent deliveries; and "Add endpoint".
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_MESSAGES,
  WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { showApiError } from '@/lib/api-feedback';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  developersKeys,
  enableWebhookEndpoint,
  removeWebhookEndpoint,
  resendDelivery,
  sendTestEvent,
  useWebhookEndpoints,
} from '../api/developers-api';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { CopyField } from './copy-field';
import { DeveloperSection } from './developer-section';
import { WebhookDeliveries } from './webhook-deliveries';

/** How long the deliveries are watched after a test or a resend. */
export const DELIVERIES_WATCH_MS = 30_000;

export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState(false);

  const replace = (endpoint: WebhookEndpoint) =>
    queryClient.setQueryData<WebhookEndpoint[]>(developersKeys.webhooks, (list) =>
      list?.map((item) => (item.id === endpoint.id ? endpoint : item)),
    );
  const refresh = () => queryClient.invalidateQueries({ queryKey: developersKeys.webhooks });

  const added = (endpoint: WebhookEndpoint) => {
    setAdding(false);
    toast.success(INTEGRATION_MESSAGES.endpointAdded);
    queryClient.setQueryData<WebhookEndpoint[]>(developersKeys.webhooks, (list) =>
      list ? [...list, endpoint] : [endpoint],
    );
    void refresh();
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await removeWebhookEndpoint(removing.id);
    setBusy(false);
    const gone = removing.id;
    setRemoving(null);
    if (!result.success) return showApiError(result);
    toast.success(INTEGRATION_MESSAGES.endpointRemoved);
    queryClient.setQueryData<WebhookEndpoint[]>(developersKeys.webhooks, (list) =>
      list?.filter((item) => item.id !== gone),
    );
    await refresh();
  };

  const full = (endpoints.data?.length ?? 0) >= WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR;

  return (
    <DeveloperSection
      id="webhooks"
      title="Webhooks"
      intro="Your endpoints receive your badges' events as they happen, each POSTed as JSON and signed (Standard Webhooks): verify the signature with the endpoint's signing secret."
      action={
        <button
          type="button"
          onClick={() => setAdding(true)}
          disabled={!endpoints.data || full}
          className={buttonStyles.primary}
        >
          Add endpoint
        </button>
      }
    >
      {full && <p className="text-sm text-slate-600">{INTEGRATION_MESSAGES.tooManyEndpoints}</p>}
      {endpoints.isError ? (
        <QueryError
          error={endpoints.error}
          onRetry={() => endpoints.refetch()}
          isRetrying={endpoints.isFetching}
        />
      ) : !endpoints.data ? (
        <p role="status" className="text-sm text-slate-500">
          Loading your endpoints...
        </p>
      ) : endpoints.data.length === 0 ? (
        <EmptyState>No endpoints yet</EmptyState>
      ) : (
        <ul aria-label={INTEGRATION_MESSAGES.endpoints} className="flex flex-col gap-4">
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onEnabled={replace}
              onRemove={() => setRemoving(endpoint)}
            />
          ))}
        </ul>
      )}
      {adding && <AddEndpointDialog onAdded={added} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={removing !== null}
        role="dialog"
        title="Remove endpoint"
        text={`No more events are sent to ${removing?.url ?? ''}. This cannot be undone.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </DeveloperSection>
  );
}

function EndpointCard({
  endpoint,
  onEnabled,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  onEnabled: (endpoint: WebhookEndpoint) => void;
  onRemove: () => void;
}) {
  const queryClient = useQueryClient();
  const [polling, setPolling] = useState(false);
  const [pending, setPending] = useState<'test' | 'enable' | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  /** Reads the deliveries now, then every few seconds for a while: the event is on its way. */
  const watchDeliveries = () => {
    setPolling(true);
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(() => setPolling(false), DELIVERIES_WATCH_MS);
    void queryClient.invalidateQueries({ queryKey: developersKeys.deliveries(endpoint.id) });
  };

  const test = async () => {
    setPending('test');
    const result = await sendTestEvent(endpoint.id);
    setPending(null);
    if (!result.success) return showApiError(result);
    toast.success(INTEGRATION_MESSAGES.testSent);
    watchDeliveries();
  };

  const enable = async () => {
    setPending('enable');
    const result = await enableWebhookEndpoint(endpoint.id);
    setPending(null);
    if (!result.success) return showApiError(result);
    toast.success(INTEGRATION_MESSAGES.endpointEnabled);
    onEnabled(result.data);
  };

  const resend = async (delivery: WebhookDelivery) => {
    const result = await resendDelivery(endpoint.id, delivery.id);
    if (!result.success) return showApiError(result);
    toast.success(INTEGRATION_MESSAGES.resent);
    watchDeliveries();
  };

  return (
    <li
      aria-label={endpoint.url}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</p>
          <p className="text-xs text-slate-500">Added {formatDateTime(endpoint.createdAt)}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            endpoint.enabled ? 'bg-brand-100 text-brand-800' : 'bg-red-100 text-red-700'
          }`}
        >
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {!endpoint.enabled && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{endpoint.disabledReason ?? 'This endpoint is disabled: no events are sent to it.'}</p>
          <button
            type="button"
            onClick={() => void enable()}
            disabled={pending !== null}
            className={buttonStyles.outline}
          >
            Enable
          </button>
        </div>
      )}
      <div>
        <p className="text-sm font-medium text-slate-800">Events</p>
        <ul aria-label="Events" className="mt-1 flex flex-wrap gap-1.5">
          {endpoint.events.map((type) => (
            <li
              key={type}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 font-mono text-xs text-slate-700"
            >
              {type}
            </li>
          ))}
        </ul>
      </div>
      <CopyField
        label="Signing secret"
        value={endpoint.signingSecret}
        hint="Verify each delivery's webhook-signature header with it."
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void test()}
          disabled={pending !== null}
          className={buttonStyles.outline}
        >
          {pending === 'test' ? 'Sending...' : 'Send test event'}
        </button>
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex items-center rounded-full border border-red-200 px-6 py-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          Remove
        </button>
      </div>
      <WebhookDeliveries
        endpointId={endpoint.id}
        polling={polling}
        onResend={(delivery) => void resend(delivery)}
      />
    </li>
  );
}
