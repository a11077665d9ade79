// The badge details modal (spec section 2): the card and every field, the
// transaction hash, the badge link, Download as PNG, and the actions of the
// viewer: the owning sponsor publishes, edits or deletes a draft, or deletes a
// published badge. The app adds the actions of other features through
// `actions` (Apply, Claim Tokens, Application List). Beyond the spec: the
// batch expiry and the expiry, the claim period (decision 0067), and what
// publishing a draft costs.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  BADGE_CREATION_FEE_GETS,
  TOASTS,
  TOKEN,
  formatGets,
  toBaseUnits,
  type Badge,
} from '@gets/schema';
import { ExternalLinkIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { Modal } from '@/components/ui/modal';
import { TransactionLink } from '@/components/ui/transaction-link';
import { formatAmount, formatDate, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSession } from '@/features/accounts';
import { useBalances } from '@/features/staking';
import { useDeleteBadge } from '../api/delete-badge';
import { useDeleteDraft } from '../api/delete-draft';
import { usePublishBadge } from '../api/publish-badge';
import { contentFromBadge } from '../lib/badge-form';
import { badgeUrl } from '../lib/badge-links';
import { downloadNodeAsPng } from '../lib/download-png';
import { BADGE_DATE_LABELS, BadgeCardFace, EXPIRY_UNSET } from './badge-card';
import { BADGE_DATES_NOTE, ClaimPeriodText } from './claim-period';
import { PublishCosts } from './publish-costs';
import type { BadgeActionsComponent } from './badge-details-context';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from './copy-button';
import { BadgeStatusNote } from './badge-status-note';

export const DELETE_DRAFT_TEXT =
  'Are you sure you want to delete this draft? This action cannot be undone.';

/**
 * What deleting a published badge does to its escrow, before the sponsor
 * commits: the rewards of the badges nobody was approved for come back (with
 * the creation fee while the badge awaits approval); approved earners keep
 * theirs and can still claim. The consent that follows gives the chain's figures.
 */
export function deleteBadgeText(badge: Pick<Badge, 'availableBadge' | 'amountOfToken' | 'status'>) {
  const feeHeld = badge.status === 'UNDER_VERIFICATION';
  const refund =
    toBaseUnits(badge.amountOfToken) * BigInt(badge.availableBadge) +
    (feeHeld ? toBaseUnits(String(BADGE_CREATION_FEE_GETS)) : 0n);
  const back =
    refund > 0n
      ? `${formatGets(refund)} ${TOKEN.symbol} comes back to your wallet: the rewards of the ${badge.availableBadge} ${badge.availableBadge === 1 ? 'badge' : 'badges'} nobody was approved for${feeHeld ? `, plus the ${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} creation fee` : ''}.`
      : 'Nothing comes back to your wallet: every badge was awarded.';
  return `The badge is deleted on chain: no one can apply for it or be approved any more. ${back} Earners you approved who have not claimed yet keep their ${badge.amountOfToken} ${TOKEN.symbol} reward and can still claim it until their claim deadline; a reward left unclaimed by then comes back to you. This action cannot be undone.`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BadgeDetailsModal({
  badge,
  onClose,
  onLeave = onClose,
  actions: Actions,
}: {
  badge: Badge;
  onClose: () => void;
  /** Closes it to leave for another page (the navigation that follows makes the history entry). */
  onLeave?: () => void;
  actions?: BadgeActionsComponent | undefined;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const cardRef = useRef<HTMLDivElement>(null);
  const isOwner = session?.user._id === badge.sponsor._id;
  const balances = useBalances({ auth: 'user' }, { enabled: isOwner && badge.isDraft });
  const { publish, isPublishing } = usePublishBadge();
  const { remove, isDeleting } = useDeleteBadge();
  const deleteDraft = useDeleteDraft();
  const [confirmDraftDelete, setConfirmDraftDelete] = useState(false);
  const [confirmBadgeDelete, setConfirmBadgeDelete] = useState(false);
  const busy = isPublishing || isDeleting || deleteDraft.isPending;
  const hintId = useId();
  // Publish stays pressable with too little GETS: the spec's toast says so
  // (the costs above show the shortfall); it waits only while another action runs.
  const publishReason = busy ? 'Wait until the current action on this badge finishes.' : null;
  const showLink = !badge.isDraft && (badge.isPublic || isOwner);
  const live = badge.status === 'UNDER_VERIFICATION' || badge.status === 'VERIFIED';

  async function download() {
    if (!cardRef.current) {
      toast.error(TOASTS.error.badgeCardNotFound);
      return;
    }
    try {
      await downloadNodeAsPng(cardRef.current, badge.name);
      toast.success(TOASTS.success.badgeDownloaded);
    } catch {
      toast.error(TOASTS.error.downloadFailed);
    }
  }

  async function publishDraft() {
    if (!session) return;
    const saved = await publish({
      content: contentFromBadge(badge),
      email: session.user.email,
      balance: balances.data?.userBalance,
      draftId: badge._id,
    });
    if (saved) onClose();
  }

  // The actions sit in the dialog's footer, in view however long the details
  // (Apply was below the fold at 1366 x 768).
  const footer = (
    <>
      <div className="flex flex-wrap gap-3">
        {isOwner && badge.isDraft && (
          <>
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={publishReason !== null}
              aria-describedby={publishReason ? hintId : undefined}
              onClick={() => void publishDraft()}
            >
              Publish
            </button>
            <button
              type="button"
              className={buttonStyles.outline}
              disabled={busy}
              onClick={() => {
                onLeave();
                void navigate(`/badge?id=${badge._id}`);
              }}
            >
              Edit Draft
            </button>
            <button
              type="button"
              className={buttonStyles.outline}
              disabled={busy}
              onClick={() => setConfirmDraftDelete(true)}
            >
              Delete Draft
            </button>
          </>
        )}
        {isOwner && !badge.isDraft && live && (
          <button
            type="button"
            className={buttonStyles.outline}
            disabled={busy}
            aria-describedby={publishReason ? hintId : undefined}
            onClick={() => setConfirmBadgeDelete(true)}
          >
            Delete Badge
          </button>
        )}
        {isOwner && (
          <button
            type="button"
            className={buttonStyles.outline}
            disabled={busy}
            onClick={() => void download()}
          >
            Download as PNG
          </button>
        )}
        {Actions && <Actions badge={badge} close={onLeave} downloadPng={download} />}
      </div>
      {isOwner && <DisabledReason id={hintId} reason={publishReason} className="mt-2" />}
    </>
  );

  return (
    <Modal open title={badge.name} onClose={onClose} dismissible={!busy} size="lg" footer={footer}>
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <div className="space-y-3">
          <BadgeCardFace badge={badge} ref={cardRef} fullTitle />
          <BadgeStatusNote badge={badge} />
        </div>
        <div className="min-w-0">
          <dl>
            <Row label="Title">{badge.name}</Row>
            <Row label="Badge Description">{badge.description}</Row>
            <Row label="Created By">{badge.sponsorName}</Row>
            <Row label="Number Of Badges">{formatNumber(badge.numberOfBadge)}</Row>
            <Row label="Remaining Badges">{formatNumber(badge.availableBadge)}</Row>
            <Row label={`Rewards in ${TOKEN.symbol}`}>
              {formatAmount(badge.amountOfToken)} {TOKEN.symbol}
            </Row>
            <Row label="Badge No.">{badge.badgeNo ?? 'Draft'}</Row>
            <Row label={BADGE_DATE_LABELS.batchExpiry}>{formatDate(badge.batchExpiryDate)}</Row>
            <Row label={BADGE_DATE_LABELS.expiry}>
              {badge.expiryDate ? formatDate(badge.expiryDate) : EXPIRY_UNSET}
            </Row>
            <Row label="Claim period">
              <ClaimPeriodText />
              <span className="block text-xs text-slate-500">{BADGE_DATES_NOTE}</span>
            </Row>
            <Row label="Award Criteria">{badge.awardCriteria}</Row>
            {/* The spec's "Evidence (if present)" is a badge's own evidence field, apart
                from educationsDetails; this platform keeps the create form's evidence
                in educationsDetails only (POST /badge/add), so it is said once. */}
            <Row label="Award Evidence">{badge.educationsDetails || 'N/A'}</Row>
            {badge.extraLink && (
              <Row label="Video">
                <a
                  href={badge.extraLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-800 underline"
                >
                  {badge.extraLink}
                </a>
              </Row>
            )}
            {!badge.isDraft && badge.transactionHash && (
              <Row label="Transaction hash">
                <span className="font-mono text-xs break-all">{badge.transactionHash}</span>
                <span className="mt-1 flex flex-wrap gap-2">
                  <TransactionLink
                    hash={badge.transactionHash}
                    href={badge.transactionChainScanUrl}
                    className="text-xs font-semibold text-brand-800 underline"
                    onClick={onLeave}
                  >
                    View the transaction
                  </TransactionLink>
                  <CopyButton value={badge.transactionHash} label="Copy transaction hash">
                    Copy
                  </CopyButton>
                </span>
              </Row>
            )}
            {showLink && (
              <Row label="Badge Link">
                <span className="font-mono text-xs break-all">{badgeUrl(badge._id)}</span>
                <span className="mt-1 flex flex-wrap gap-2">
                  <a
                    href={badgeUrl(badge._id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-xs font-semibold text-brand-800 underline"
                  >
                    Open in browser <ExternalLinkIcon className="size-3.5" />
                  </a>
                  <CopyButton
                    value={badgeUrl(badge._id)}
                    label="Copy badge link"
                    success={TOASTS.success.linkCopied}
                  >
                    Copy
                  </CopyButton>
                </span>
              </Row>
            )}
          </dl>

          {isOwner && badge.isDraft && (
            <PublishCosts
              balance={balances.data?.userBalance}
              tokens={badge.amountOfToken}
              badges={badge.numberOfBadge}
            />
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirmDraftDelete}
        title="Delete Draft"
        text={DELETE_DRAFT_TEXT}
        busy={deleteDraft.isPending}
        onCancel={() => setConfirmDraftDelete(false)}
        onConfirm={() => {
          deleteDraft.mutate(badge._id, {
            onSuccess: (deleted) => {
              setConfirmDraftDelete(false);
              if (deleted) onClose();
            },
          });
        }}
      />
      <ConfirmDialog
        open={confirmBadgeDelete}
        title="Delete Badge"
        text={deleteBadgeText(badge)}
        busy={isDeleting}
        onCancel={() => setConfirmBadgeDelete(false)}
        onConfirm={() => {
          setConfirmBadgeDelete(false);
          if (!session) return;
          void remove(badge, session.user.email).then((deleted) => {
            if (deleted) onClose();
          });
        }}
      />
    </Modal>
  );
}
