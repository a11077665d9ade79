// The badge card (spec section 2): image, a small QR, the name on one line and
// "GETS {badgeNo}" labelled as the badge number it is; red with "Expired" once
// its batch expiry has passed, dark green otherwise. Beyond the spec, what an
// earner needs before applying: the batch expiry (batchExpiryDate, under the
// spec's own name: no new applications after it) and the expiry an admin set
// at approval (expiryDate). Neither is a claim deadline: a claim closes at its
// application's own deadline (decision 0067). Clicking it opens the badge
// details modal.
// The button that opens it is the title, stretched over the whole card: its
// name "{title}: open details" contains all the text it shows (WCAG 2.5.3,
// axe label-content-name-mismatch), which a button around the whole card,
// showing the token line and "Expired" too, did not.
import type { Ref } from 'react';
import type { Badge } from '@gets/schema';
import { formatDate } from '@/lib/format';
import { badgeCode, isExpired, qrValueOf, SAMPLE_BADGE_NO } from '../lib/badge-links';
import { QrCode } from '@/components/ui/qr-code';
import { useSelectBadge } from './badge-details-context';

export type CardBadge = Pick<
  Badge,
  '_id' | 'name' | 'image' | 'badgeNo' | 'isDraft' | 'batchExpiryDate' | 'expiryDate'
>;

/**
 * The two dates an earner reads before applying, as the card, modal, page and
 * search rows say them: both close applications, neither closes a claim.
 */
export const BADGE_DATE_LABELS = { batchExpiry: 'Batch expiry', expiry: 'Expires' } as const;
/** An expiry not set yet: an admin sets it when approving the badge. */
export const EXPIRY_UNSET = 'set at approval';

/** The card itself (what Download as PNG draws). */
export function BadgeCardFace({
  badge,
  ref,
  qrValue,
  fullTitle = false,
  dates = true,
  onOpen,
}: {
  badge: CardBadge;
  ref?: Ref<HTMLDivElement>;
  qrValue?: string;
  /**
   * The whole title, wrapped over as many lines as it takes (the details modal's card, which
   * Download as PNG draws, and the badge page); a list's card keeps it to one line, truncated.
   */
  fullTitle?: boolean;
  /** Show the batch expiry and the expiry (not on the create preview before an expiry is typed). */
  dates?: boolean;
  /** Makes the title the button that opens the badge's details, over the whole card. */
  onOpen?: () => void;
}) {
  const title = badge.name || 'Badge title';
  const expired = !badge.isDraft && isExpired(badge);
  return (
    <div
      ref={ref}
      data-testid="badge-card"
      className={`relative flex w-full flex-col gap-3 rounded-2xl border-2 p-3 text-left shadow-sm ${
        expired
          ? 'border-red-600 bg-red-700 text-white'
          : 'border-brand-700 bg-brand-900 text-white'
      }`}
    >
      <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-white/10">
        {badge.image ? (
          <img
            src={badge.image}
            alt={`${badge.name || 'Badge'} image`}
            crossOrigin="anonymous"
            className="size-full object-cover"
          />
        ) : (
          <div className="grid size-full place-items-center text-sm text-white/70">No image</div>
        )}
        <div className="absolute right-2 bottom-2">
          <QrCode
            value={qrValue ?? qrValueOf(badge)}
            size={48}
            label={`QR code of ${badge.name || 'the badge'}`}
          />
        </div>
        {expired && (
          <span className="absolute top-2 left-2 rounded-full bg-white px-2 py-0.5 text-xs font-bold text-red-700">
            Expired
          </span>
        )}
      </div>
      <p
        data-testid="badge-card-title"
        className={`text-base font-semibold ${fullTitle ? 'break-words [overflow-wrap:anywhere]' : 'truncate'}`}
        title={badge.name}
      >
        {onOpen ? (
          <button
            type="button"
            onClick={onOpen}
            aria-label={`${title}: open details`}
            className={`block w-full text-left after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700 ${fullTitle ? '' : 'truncate'}`}
          >
            {title}
          </button>
        ) : (
          title
        )}
      </p>
      <p className="text-sm font-medium tracking-wide text-brand-200">
        <span className="text-xs font-normal text-white/80">Badge No. </span>
        {badgeCode(badge.badgeNo ?? (badge.isDraft ? 'Draft' : SAMPLE_BADGE_NO))}
      </p>
      {dates && (
        <dl className="grid gap-0.5 text-xs text-white/90">
          <div className="flex flex-wrap gap-x-1">
            <dt>{BADGE_DATE_LABELS.batchExpiry}:</dt>
            <dd className="font-semibold">{formatDate(badge.batchExpiryDate)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt>{BADGE_DATE_LABELS.expiry}:</dt>
            <dd className="font-semibold">
              {badge.expiryDate ? formatDate(badge.expiryDate) : EXPIRY_UNSET}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/** A card that opens the badge details modal. */
export function BadgeCard({ badge }: { badge: Badge }) {
  const select = useSelectBadge();
  return (
    <div className="rounded-2xl transition hover:-translate-y-0.5 hover:shadow-lg">
      <BadgeCardFace badge={badge} onOpen={() => select(badge)} />
    </div>
  );
}
