// On a private badge's Applications page: "Whitelist from CSV" (the dialog)
// and the invitees the file's emails became (decision 0063). An invitee
// accepts on the platform (registering first if they have no account); the
// ones who accepted are listed so, and one more consent whitelists them: the
// server finds their wallets, the sponsor sees them only once they apply.
// Whether an invitee has an account, or declined, is never shown: not
// accepted reads the same for all. An invitation the mail server refused can
// be sent again once the sponsor knows the address is right, and any
// invitation withdrawn (a mistyped address is withdrawn, then the right one
// uploaded). Why a mail has not gone is said in the platform's words; the
// mail server's own answer is never shown.
import { useState } from 'react';
import type { Badge, WhitelistInvitation } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  useBadgeInvitations,
  useInvitationChange,
  useWhitelistAccepted,
} from '../api/whitelist-from-csv';
import { WhitelistCsvDialog } from './whitelist-csv-dialog';
import { QueryError } from '@/components/ui/query-error';

export function WhitelistCsvSection({ badge }: { badge: Badge }) {
  const [open, setOpen] = useState(false);
  const invitations = useBadgeInvitations(badge._id);
  const { whitelistAccepted, isWhitelisting } = useWhitelistAccepted();
  const resend = useInvitationChange(badge._id, 'resend');
  const withdraw = useInvitationChange(badge._id, 'withdraw');
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const invitees = invitations.data ?? [];
  const accepted = invitees.filter((invitee) => invitee.accepted);

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
            Upload a CSV of wallet addresses or emails. Earners&apos; wallets are whitelisted in one
            consent. Every email gets an invitation: the person accepts it on the platform
            (registering first if they need to), and only then can you whitelist them.
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
          <p className="mt-1 text-xs text-slate-600">
            You see who accepted, not who has an account or who declined. Whitelisting an invitee
            who accepted puts their wallet on the badge&apos;s whitelist; you see the wallet once
            they apply.
          </p>
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
                {invitee.deliveryNote && !invitee.accepted && (
                  <p className="mt-0.5 text-xs text-slate-600">{invitee.deliveryNote}</p>
                )}
              </li>
            ))}
          </ul>
          {accepted.length > 0 && (
            <button
              type="button"
              className={`${buttonStyles.small} mt-3`}
              disabled={isWhitelisting}
              onClick={() =>
                void whitelistAccepted(
                  badge,
                  accepted.map((invitee) => invitee.email),
                )
              }
            >
              Whitelist {accepted.length} who accepted
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
  invitee.delivery === 'NOT_DELIVERED' && !invitee.accepted;

const linkButton =
  'text-xs font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50';

/** Where an invitee stands: accepted, or how their invitation mail went. */
function InviteeStatus({ invitee }: { invitee: WhitelistInvitation }) {
  if (invitee.accepted) {
    return <span className="text-emerald-800">Accepted, not whitelisted yet</span>;
  }
  switch (invitee.delivery) {
    case 'SENDING':
      return <span className="text-slate-500">Sending invitation</span>;
    case 'NOT_DELIVERED':
      return <span className="font-medium text-red-700">Invitation not delivered</span>;
    case 'SENT':
      return <span className="text-slate-500">Invited, not accepted yet</span>;
  }
}
