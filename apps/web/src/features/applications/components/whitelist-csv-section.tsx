// On a private badge's Applications page: "Whitelist from CSV" (the dialog)
// and the invitees the file's unknown emails became. Registering does not
// whitelist anyone by itself (the platform never signs for the sponsor): the
// registered invitees are listed here and one more consent whitelists them.
import { useState } from 'react';
import type { Badge, WhitelistInvitation } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { toast } from '@/lib/toast';
import {
  previewWhitelistCsv,
  useBadgeInvitations,
  useWhitelistFromCsv,
} from '../api/whitelist-from-csv';
import { WhitelistCsvDialog } from './whitelist-csv-dialog';

export function WhitelistCsvSection({ badge }: { badge: Badge }) {
  const [open, setOpen] = useState(false);
  const invitations = useBadgeInvitations(badge._id);
  const { confirm, isConfirming } = useWhitelistFromCsv();
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

      {invitees.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Pending invitees</h3>
          <ul aria-label="Pending invitees" className="mt-2 divide-y divide-slate-100 text-sm">
            {invitees.map((invitee) => (
              <li key={invitee.email} className="py-1.5">
                <div className="flex justify-between gap-3">
                  <span className="break-all">{invitee.email}</span>
                  <InviteeStatus invitee={invitee} />
                </div>
                {invitee.delivery === 'NOT_DELIVERED' && !invitee.registered && (
                  <p className="mt-0.5 text-xs break-all text-slate-600">
                    Check the address: the mail server answered {invitee.deliveryError ?? 'nothing'}
                  </p>
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
    </section>
  );
}

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
