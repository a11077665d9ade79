// Between the create form (what the sponsor types) and the badge calls
// (what the server takes): days become a date, tokens and badges numbers.
import {
  daysUntil,
  dateInDays,
  type Badge,
  type BadgeAccess,
  type BadgeFormInput,
  type CreateBadgeRequest,
} from '@gets/schema';

export const EMPTY_FORM: BadgeFormInput = {
  title: '',
  tokens: '',
  badges: '',
  criteria: '',
  expiry: '',
  description: '',
  videoLink: '',
  badgeAccess: 'public',
  evidence: '',
};

export type BadgeContentBody = Omit<CreateBadgeRequest, 'isPublic' | 'email' | 'consentToken'>;

/** The request body of a draft or a publish, from valid form values and the image URL. */
export function contentFromForm(values: BadgeFormInput, image: string): BadgeContentBody {
  return {
    name: values.title.trim(),
    amountOfToken: values.tokens.trim(),
    numberOfBadge: Number(values.badges),
    awardCriteria: values.criteria.trim(),
    educationsDetails: values.evidence.trim() || null,
    description: values.description.trim(),
    image,
    batchExpiryDate: dateInDays(Number(values.expiry)).toISOString(),
    badgeAccess: values.badgeAccess as BadgeAccess,
    extraLink: values.videoLink.trim() || null,
  };
}

/** A saved draft in the form: expiry as the whole days left, rounded up, at least 0. */
export function formFromBadge(badge: Badge): BadgeFormInput {
  const days = daysUntil(badge.batchExpiryDate);
  return {
    title: badge.name,
    tokens: badge.amountOfToken,
    badges: String(badge.numberOfBadge),
    criteria: badge.awardCriteria,
    expiry: String(days),
    description: badge.description,
    videoLink: badge.extraLink ?? '',
    badgeAccess: badge.badgeAccess,
    evidence: badge.educationsDetails ?? '',
  };
}

/** The content of a saved draft, to publish it as it is (from the details modal). */
export function contentFromBadge(badge: Badge): BadgeContentBody {
  return {
    name: badge.name,
    amountOfToken: badge.amountOfToken,
    numberOfBadge: badge.numberOfBadge,
    awardCriteria: badge.awardCriteria,
    educationsDetails: badge.educationsDetails,
    description: badge.description,
    image: badge.image,
    batchExpiryDate: badge.batchExpiryDate,
    badgeAccess: badge.badgeAccess,
    extraLink: badge.extraLink,
  };
}
