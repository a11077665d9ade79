// The fields the create form (badge-form.ts) and the badge calls
// (badge-requests.ts) share, with the spec's messages, so a field shows the
// message the server answers with. Not part of the package's exports.
import { z } from 'zod';
import {
  BADGE_ACCESS,
  CRITERIA_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  EVIDENCE_MAX_LENGTH,
  isWebUrl,
  LINK_MAX_LENGTH,
} from './badges.ts';
import { AWARD_CRITERIA_MIN_LENGTH, TITLE_MAX_LENGTH } from './constants.ts';
import { VALIDATION } from './messages.ts';

const M = VALIDATION.badge;

export const titleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(TITLE_MAX_LENGTH, M.titleMax);
export const criteriaSchema = z
  .string({ error: M.criteriaRequired })
  .trim()
  .min(1, M.criteriaRequired)
  .min(AWARD_CRITERIA_MIN_LENGTH, M.criteriaMin)
  .max(CRITERIA_MAX_LENGTH, `Award criteria must be at most ${CRITERIA_MAX_LENGTH} characters`);
export const descriptionSchema = z
  .string({ error: M.descriptionRequired })
  .trim()
  .min(1, M.descriptionRequired)
  .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** Optional video link: empty is none; anything else must be a URL. */
export const videoLinkSchema = z
  .string({ error: M.videoLinkUrl })
  .trim()
  .max(LINK_MAX_LENGTH, M.videoLinkUrl)
  .refine((value) => value === '' || isWebUrl(value), M.videoLinkUrl);

export const evidenceSchema = z
  .string()
  .trim()
  .max(EVIDENCE_MAX_LENGTH, `Evidence must be at most ${EVIDENCE_MAX_LENGTH} characters`);

export const badgeAccessSchema = z.enum(BADGE_ACCESS, { error: M.badgeAccessRequired });
