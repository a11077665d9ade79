// The admin's badge side panel (spec section 2): image, name, number,
// description, sponsor, badges created, reward per badge, award criteria and
// Approve (expiry date, approveBadge on chain, then the record call). Success
// closes dialog and panel; a failure closes only the dialog. A badge past
// approval also lists the credentials issued for it, which the admin may revoke.
import { useState } from 'react';
import { TOKEN, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { useApproveBadge } from '../../api/approve-badge';
import { BadgeStatusNote } from '../badge-status-note';
import { ApproveBadgeDialog } from './approve-badge-dialog';
import { BadgeCredentials } from './badge-credentials';
import { formatAmount } from '@/lib/format';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-slate-100 py-2 text-sm">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BadgeSidePanel({ badge, onClose }: { badge: Badge; onClose: () => void }) {
  const { approve, isApproving } = useApproveBadge();
  const [approving, setApproving] = useState(false);

  async function onApprove(expiryDate: number) {
    const approved = await approve(badge, expiryDate);
    setApproving(false);
    if (approved) onClose();
  }

  return (
    <Modal open title={badge.name} onClose={onClose} dismissible={!isApproving} size="panel">
      <img
        src={badge.image}
        alt={`${badge.name} image`}
        className="aspect-square w-full rounded-2xl object-cover"
      />
      <div className="mt-3">
        <BadgeStatusNote badge={badge} />
      </div>
      <dl className="mt-3">
        <Field label="Name">{badge.name}</Field>
        <Field label="Badge number">
          {TOKEN.symbol} {badge.badgeNo}
        </Field>
        <Field label="Description">{badge.description}</Field>
        <Field label="Sponsor">
          <span className="flex items-center gap-3">
            {badge.sponsor.profilePic ? (
              <img
                src={badge.sponsor.profilePic}
                alt=""
                className="size-9 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-brand-100 font-bold text-brand-900"
              >
                {badge.sponsor.fullName.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span>
              <span className="block font-semibold">{badge.sponsor.fullName}</span>
              <span className="block text-slate-500">@{badge.sponsor.userName}</span>
            </span>
          </span>
        </Field>
        <Field label="Number of badges created">{badge.numberOfBadge}</Field>
        <Field label={`${TOKEN.symbol} reward per badge`}>
          {formatAmount(badge.amountOfToken)}
        </Field>
        <Field label="Award Criteria">{badge.awardCriteria}</Field>
      </dl>
      {badge.status !== 'UNDER_VERIFICATION' && <BadgeCredentials badgeId={badge._id} />}
      {badge.status === 'UNDER_VERIFICATION' && (
        <button
          type="button"
          className={`${buttonStyles.primary} mt-6 w-full`}
          onClick={() => setApproving(true)}
          disabled={isApproving}
        >
          Approve
        </button>
      )}
      <ApproveBadgeDialog
        open={approving}
        busy={isApproving}
        onClose={() => setApproving(false)}
        onApprove={(expiryDate) => void onApprove(expiryDate)}
      />
    </Modal>
  );
}
