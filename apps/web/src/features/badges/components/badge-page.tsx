// The badge page /badge/{id} (spec section 2): the card, name, number and
// description, a real QR of the public link with Copy link, the counts, award
// criteria and evidence, the earners table; the public view adds the sponsor,
// the admin view a Ban button. The title names the badge. Beyond the spec:
// the batch expiry, the expiry and the claim period, before an earner applies
// (decision 0067).
import { useState, type ReactNode } from 'react';
import { TOKEN, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { badgeCode, badgeUrl, shortHash } from '../lib/badge-links';
import { formatAmount, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useBanBadge } from '../api/ban-badge';
import { BanBadgeDialog } from './admin/ban-badge-dialog';
import { BADGE_DATE_LABELS, BadgeCardFace, EXPIRY_UNSET } from './badge-card';
import { BADGE_DATES_NOTE, ClaimPeriodText } from './claim-period';
import { QrCode } from '@/components/ui/qr-code';
import { BadgeStatusNote } from './badge-status-note';
import { CopyButton } from './copy-button';
import { TOASTS } from '@gets/schema';
import { TableScroller } from '@/components/ui/table-scroller';
import { EmptyTableRow } from '@/components/ui/empty-state';
import { TransactionLink } from '@/components/ui/transaction-link';

/** One earner who holds the badge (from the awards of the application work). */
export interface EarnerRow {
  name: string;
  assignedAt: string;
  transactionHash: string;
  explorerUrl: string | null;
}

function Count({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

export function BadgePage({
  badge,
  view,
  earners,
  earnersError,
  actions,
}: {
  badge: Badge;
  view: 'admin' | 'public';
  /** The earners holding it (from the awards of the application work). */
  earners: EarnerRow[];
  /** Shown instead of the earners when they could not be read (never the empty text). */
  earnersError?: ReactNode;
  /** The viewer's actions other features own (Apply, Claim Tokens), composed by the app. */
  actions?: ReactNode;
}) {
  useDocumentTitle(badge.name);
  const { ban, isBanning } = useBanBadge();
  const [confirmBan, setConfirmBan] = useState(false);
  const link = badgeUrl(badge._id);
  const live = badge.status === 'UNDER_VERIFICATION' || badge.status === 'VERIFIED';

  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid gap-10 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-4">
          <BadgeCardFace badge={badge} fullTitle />
          <BadgeStatusNote badge={badge} />
          <figure className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-4 text-center">
            <QrCode value={link} size={176} label={`QR code linking to ${badge.name}`} />
            <figcaption className="mt-2 text-xs text-slate-500">Scan to open this badge</figcaption>
          </figure>
        </div>
        <div className="min-w-0 space-y-6">
          <header className="space-y-2">
            <p className="text-sm font-semibold tracking-wide text-brand-700">
              <span className="font-normal text-slate-600">Badge No. </span>
              {badgeCode(badge.badgeNo ?? '')}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{badge.name}</h1>
            {view === 'public' && (
              <p className="text-slate-600">
                Sponsored by{' '}
                <span className="font-semibold text-slate-900">{badge.sponsorName}</span>
              </p>
            )}
            <p className="leading-relaxed text-slate-700">{badge.description}</p>
          </header>
          <div className="flex flex-wrap gap-3">
            <CopyButton value={link} label="Copy link" success={TOASTS.success.linkCopied}>
              Copy link
            </CopyButton>
            {view === 'admin' && live && (
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={isBanning}
                onClick={() => setConfirmBan(true)}
              >
                Ban
              </button>
            )}
            <BanBadgeDialog
              badgeName={badge.name}
              open={confirmBan}
              onClose={() => setConfirmBan(false)}
              onBan={() => {
                setConfirmBan(false);
                void ban(badge);
              }}
            />
            {view === 'public' && actions}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Count label="Badges issued" value={formatNumber(badge.numberOfBadge)} />
            <Count label="Remaining badges" value={formatNumber(badge.availableBadge)} />
            <Count
              label={`Rewards per badge (${TOKEN.symbol})`}
              value={formatAmount(badge.amountOfToken)}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Count
              label={BADGE_DATE_LABELS.batchExpiry}
              value={formatDate(badge.batchExpiryDate)}
            />
            <Count
              label={BADGE_DATE_LABELS.expiry}
              value={badge.expiryDate ? formatDate(badge.expiryDate) : EXPIRY_UNSET}
            />
            <Count label="Claim period" value={<ClaimPeriodText />} />
          </div>
          <p className="text-sm text-slate-600">{BADGE_DATES_NOTE}</p>
          <section>
            <h2 className="text-lg font-semibold text-slate-900">Award criteria</h2>
            <p className="mt-1 text-slate-700">{badge.awardCriteria}</p>
          </section>
          <section>
            <h2 className="text-lg font-semibold text-slate-900">Award evidence</h2>
            <p className="mt-1 text-slate-700">{badge.educationsDetails || 'N/A'}</p>
          </section>
          <section>
            <h2 className="text-lg font-semibold text-slate-900">Earner details</h2>
            <TableScroller label="Earner details table" className="mt-3">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th className="px-4 py-2 font-medium">Earner</th>
                    <th className="px-4 py-2 font-medium">Issue date</th>
                    <th className="px-4 py-2 font-medium">Transaction hash</th>
                  </tr>
                </thead>
                <tbody>
                  {earnersError ? (
                    <tr>
                      <td colSpan={3} className="px-4">
                        {earnersError}
                      </td>
                    </tr>
                  ) : earners.length === 0 ? (
                    <EmptyTableRow columns={3}>
                      No earners have been awarded this badge yet.
                    </EmptyTableRow>
                  ) : (
                    earners.map((earner) => (
                      <tr key={earner.transactionHash} className="border-t border-slate-100">
                        <td className="px-4 py-2">{earner.name}</td>
                        <td className="px-4 py-2">{formatDateTime(earner.assignedAt)}</td>
                        <td className="px-4 py-2 font-mono text-xs">
                          <TransactionLink hash={earner.transactionHash} href={earner.explorerUrl}>
                            {shortHash(earner.transactionHash)}
                          </TransactionLink>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </TableScroller>
          </section>
        </div>
      </div>
    </article>
  );
}
