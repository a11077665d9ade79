// An endpoint's recent deliveries, newest first: when, which event, the
// receiver's status code, how long it took, OK or Failed with why, and Resend.
// While a test or resent event is on its way (`polling`), the list reads
// itself again every few seconds: the delivery shows a moment after it is queued.
import { useId } from 'react';
import { INTEGRATION_MESSAGES, type WebhookDelivery } from '@gets/schema';
import { EmptyTableRow } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { TableScroller } from '@/components/ui/table-scroller';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useWebhookDeliveries } from '../api/developers-api';

/** How often the deliveries are read while an event is on its way. */
export const DELIVERIES_POLL_MS = 3_000;

const cell = 'px-4 py-2 align-top';

export function WebhookDeliveries({
  endpointId,
  polling,
  onResend,
}: {
  endpointId: string;
  polling: boolean;
  onResend: (delivery: WebhookDelivery) => void;
}) {
  const deliveries = useWebhookDeliveries(endpointId, polling ? DELIVERIES_POLL_MS : false);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {INTEGRATION_MESSAGES.deliveries}
        </h3>
        <button
          type="button"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          className="text-xs font-semibold text-brand-800 underline-offset-2 hover:underline disabled:opacity-50"
        >
          Refresh
        </button>
      </div>
      {deliveries.isError ? (
        <QueryError
          error={deliveries.error}
          onRetry={() => deliveries.refetch()}
          isRetrying={deliveries.isFetching}
          className="py-4"
        />
      ) : !deliveries.data ? (
        <p role="status" className="text-sm text-slate-500">
          Loading deliveries...
        </p>
      ) : (
        <TableScroller label={INTEGRATION_MESSAGES.deliveries}>
          <table aria-labelledby={headingId} className="w-full bg-white text-left text-sm">
            <thead className="bg-slate-100 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Time
                </th>
                <th scope="col" className="px-4 py-2">
                  Event
                </th>
                <th scope="col" className="px-4 py-2">
                  Status code
                </th>
                <th scope="col" className="px-4 py-2">
                  Duration
                </th>
                <th scope="col" className="px-4 py-2">
                  Result
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.length === 0 && (
                <EmptyTableRow columns={6}>
                  No deliveries yet: send a test event to see one here.
                </EmptyTableRow>
              )}
              {deliveries.data.map((delivery) => (
                <tr key={delivery.id} className="border-t border-slate-100">
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={delivery.attemptedAt}>
                      {formatDateTime(delivery.attemptedAt)}
                    </time>
                  </td>
                  <td className={`${cell} font-mono text-xs`}>{delivery.eventType}</td>
                  <td className={`${cell} tabular-nums`}>{delivery.statusCode ?? '—'}</td>
                  <td className={`${cell} whitespace-nowrap tabular-nums`}>
                    {formatNumber(delivery.durationMs)} ms
                  </td>
                  <td className={cell}>
                    {delivery.ok ? (
                      <span className="font-semibold text-brand-800">OK</span>
                    ) : (
                      <>
                        <span className="font-semibold text-red-700">Failed</span>
                        {delivery.error && (
                          <span className="block text-xs text-red-700">{delivery.error}</span>
                        )}
                      </>
                    )}
                  </td>
                  <td className={`${cell} text-right`}>
                    <button
                      type="button"
                      onClick={() => onResend(delivery)}
                      className="rounded-full border border-brand-900/20 px-4 py-1.5 text-xs font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                    >
                      Resend
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </section>
  );
}
