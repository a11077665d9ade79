// Where a badge lives and what its QR codes say: the public page of a
// published badge, a fixed sample for drafts and the create preview.
import { TOKEN, type Badge } from '@gets/schema';

/** What a draft's or the preview's QR encodes: nothing to visit yet. */
export const SAMPLE_QR_VALUE = 'GETS Badges sample badge';
/** The preview card's sample code ("GETS {badgeNo}" of a badge not yet on chain). */
export const SAMPLE_BADGE_NO = '000';

export const badgePath = (id: string) => `/badge/${id}`;

/** The public link of a badge (what its QR encodes and Copy link copies). */
export const badgeUrl = (id: string) => `${window.location.origin}${badgePath(id)}`;

export const qrValueOf = (badge: Pick<Badge, '_id' | 'isDraft'>) =>
  badge.isDraft ? SAMPLE_QR_VALUE : badgeUrl(badge._id);

/** Expired when its batch expiry (the sponsor's) has passed. */
export const isExpired = (badge: Pick<Badge, 'batchExpiryDate'>, now = Date.now()) =>
  Date.parse(badge.batchExpiryDate) <= now;

/** "0x1234...abcd" (spec section 3), "N/A" when absent. */
export const shortHash = (value: string | null | undefined) =>
  value ? `${value.slice(0, 6)}...${value.slice(-4)}` : 'N/A';

/**
 * A badge's number as the spec shows it, "GETS {badgeNo}": the badge's code,
 * not a reward (the screens label it "Badge No.").
 */
export const badgeCode = (badgeNo: string | number) => `${TOKEN.symbol} ${badgeNo}`;
