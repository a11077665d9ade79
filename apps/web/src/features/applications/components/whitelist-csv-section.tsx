// On a private badge's Applications page: "Whitelist from CSV" (the dialog)
// and the invitees the file's unknown emails became. Registering does not
// whitelist anyone by itself (the platform never signs for the sponsor): the
// registered invitees are listed here and one more consent whitelists them.
// An invitation the mail server refused can be sent again once the sponsor
// knows the address is right, and any invitation withdrawn (a mistyped
// address is withdrawn, then the right one uploaded). Why a mail has not gone
// is said in the platform's words; the mail server's own answer is never shown.
import { useState } from 'react';
import type { Badge, WhitelistInvitation } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import {
  previewWhitelistCsv,
  useBadgeInvitations,
  useInvitationChange,
  useWhitelistFromCsv,
} from '../api/whitelist-from-csv';
import { WhitelistCsvDialog } from './whitelist-csv-dialog';
import { QueryError } from '@/components/ui/query-error';

export function WhitelistCsvSection({ badge }: { badge: Badge }) {
  const [open, setOpen] = useState(false);
  const invitations = useBadgeInvitations(badge._id);
  const { confirm, isConfirming } = useWhitelistFromCsv();
  const resend = useInvitationChange(badge._id, 'resend');
  const withdraw = useInvitationChange(badge._id, 'withdraw');
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const invitees = invitations.data ?? [];
  const registered = invitees.filter((invitee) => invitee.registered);

  async function whitelistRegistered() {
    const csv = registered.map((invitee) => invitee.email).join('\n');
    const preview = await previewWhitelistCsv(badge, csv);
    if (!preview.success) {
      toast.error(`${preview.message}!`);
      return;
    }
    await confirm(badge, csv, preview.data);
  }

  return (
    <section
      aria-labelledby="whitelist-csv-heading"
      className="mt-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="whitelist-csv-heading" className="text-lg font-semibold text-slate-900">
            Whitelist many earners
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Upload a CSV of emails or wallet addresses: one consent whitelists them all.
          </p>
        </div>
        <button type="button" className={buttonStyles.outline} onClick={() => setOpen(true)}>
          Whitelist from CSV
        </button>
      </div>

      {invitations.isError && (
        <QueryError
          error={invitations.error}
          onRetry={invitations.refetch}
          isRetrying={invitations.isRefetching}
          className="mt-4 py-4"
        />
      )}
      {invitees.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Pending invitees</h3>
          <ul aria-label="Pending invitees" className="mt-2 divide-y divide-slate-100 text-sm">
            {invitees.map((invitee) => (
              <li key={invitee.email} className="py-1.5">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="break-all">{invitee.email}</span>
                  <span className="flex items-center gap-3">
                    <InviteeStatus invitee={invitee} />
                    {notDelivered(invitee) && (
                      <button
                        type="button"
                        className={linkButton}
                        aria-label={`Send again the invitation to ${invitee.email}`}
                        disabled={resend.isPending}
                        onClick={() => resend.mutate(invitee.email)}
                      >
                        Send again
                      </button>
                    )}
                    <button
                      type="button"
                      className={linkButton}
                      aria-label={`Withdraw the invitation of ${invitee.email}`}
                      onClick={() => setWithdrawing(invitee.email)}
                    >
                      Withdraw
                    </button>
                  </span>
                </div>
                {invitee.deliveryNote && !invitee.registered && (
                  <p className="mt-0.5 text-xs text-slate-600">{invitee.deliveryNote}</p>
                )}
              </li>
            ))}
          </ul>
          {registered.length > 0 && (
            <button
              type="button"
              className={`${buttonStyles.small} mt-3`}
              disabled={isConfirming}
              onClick={() => void whitelistRegistered()}
            >
              Whitelist {registered.length} registered{' '}
              {registered.length === 1 ? 'invitee' : 'invitees'}
            </button>
          )}
        </div>
      )}

      <WhitelistCsvDialog badge={badge} open={open} onClose={() => setOpen(false)} />
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw the invitation"
        text={`${withdrawing ?? ''} leaves the pending invitees, and the invitation mail is not sent if it has not gone yet. This email cannot be invited to this badge again.`}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => {
          if (withdrawing) {
            withdraw.mutate(withdrawing, { onSettled: () => setWithdrawing(null) });
          }
        }}
      />
    </section>
  );
}

const notDelivered = (invitee: WhitelistInvitation) =>
  invitee.delivery === 'NOT_DELIVERED' && !invitee.registered;

const linkButton =
  'text-xs font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50';

/** Where an invitee stands: registered since, or how their invitation mail went. */
function InviteeStatus({ invitee }: { invitee: WhitelistInvitation }) {
  if (invitee.registered) {
    return <span className="text-emerald-800">Registered, not whitelisted yet</span>;
  }
  switch (invitee.delivery) {
    case 'SENDING':
      return <span className="text-slate-500">Sending invitation</span>;
    case 'NOT_DELIVERED':
      return <span className="font-medium text-red-700">Invitation not delivered</span>;
    case 'SENT':
      return <span className="text-slate-500">Invited</span>;
  }
}
