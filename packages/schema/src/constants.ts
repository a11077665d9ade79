// Business constants of spec section 9, and the product's own names.
// Every number the spec gives lives here once; server and web import it.

export const PRODUCT_NAME = 'GETS Badges';

export const API_PREFIX = '/gs-api';

export const SESSION_STORAGE_KEYS = { user: 'auth', admin: 'admin' } as const;
/** Local-storage key of the admin marker (spec section 3, Admin session). */
export const ADMIN_MARKER_KEY = 'isAdmin';

export const TOKEN = { symbol: 'GETS', decimals: 18 } as const;
export const DEFAULT_CHAIN_ID = 137;

export const TRANSACTION_POLLING = { intervalMs: 5000, maxTries: 10 } as const;

export const BADGE_CREATION_FEE_GETS = 9;
export const TITLE_MAX_LENGTH = 45;
export const AWARD_CRITERIA_MIN_LENGTH = 30;
export const BADGE_COUNT_MIN = 1;
export const TOKEN_AMOUNT_MIN = 1;
export const EXPIRY_MIN_DAYS = 1;
export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COUNTDOWN_S = { verifyEmailPage: 30, registrationModal: 60 } as const;
export const APPROVALS_PAGE_SIZE = 6;
export const APPROVALS_DASHBOARD_PREVIEW = 3;
export const ACTIVE_SPONSORS_PAGE_SIZE = 12;
/**
 * The most active sponsors one call answers: See more loads the rest in pages
 * of this size, so no request reads more than one multicall of balances.
 */
export const ACTIVE_SPONSORS_MAX_PAGE = 100;
export const PENDING_BADGE_APPROVALS_PAGE_SIZE = 3;

export const BADGE_LIST_FILTERS = ['recent', 'popular', 'highly'] as const;
export type BadgeListFilter = (typeof BADGE_LIST_FILTERS)[number];
export const DEFAULT_BADGE_LIST_FILTER: BadgeListFilter = 'recent';

export const EVIDENCE_TRUNCATION = 50;
export const STAKE_ID_PADDING = 2;
export const COUNTER_ANIMATION_TICK_MS = 50;
export const ADMIN_DASHBOARD_MIN_WIDTH_PX = 1000;
export const HOW_IT_WORKS_MOBILE_BREAKPOINT_PX = 768;
export const APPLICATIONS_TABLE_MAX_HEIGHT_PX = 400;
export const TOKEN_AMOUNT_INPUT_STEP = 0.01;
export const CROP = { aspect: 1, minZoom: 1, maxZoom: 3 } as const;
export const ADDRESS_SHORTENING = { head: 6, tail: 4 } as const;

/** sonner's defaults, which the spec's toast constants are. */
export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  /** The spec's; sonner's is a constant 45 px (decision 0065). */
  swipeThresholdPx: 20,
  removeDelayMs: 200,
} as const;

export const EMAIL_ERROR_REDIRECT_DELAY_MS = 2000;
export const BANNER_CAROUSEL = { slides: 3, perView: 1, loop: true, gapPx: 0 } as const;
export const SPONSOR_VERIFICATION_PROMISE_HOURS = 24;
export const PNG_DOWNLOAD_SCALE = 2;

/** Consent tokens live this long (BRIEF, Custody and transactions). */
export const CONSENT_TOKEN_TTL_MS = 10 * 60 * 1000;

/** External destinations the chrome links to. */
export const EXTERNAL_LINKS = {
  exchange: 'https://app.uniswap.org/',
  explainerVideo: 'https://www.youtube.com/@getsbadges',
  videoChannel: 'https://www.youtube.com/@getsbadges',
  privacyPolicy: 'https://getsbadges.org/privacy-policy',
  termsAndConditions: 'https://getsbadges.org/terms-and-conditions',
  about: 'https://getsbadges.org/about',
  contact: 'https://getsbadges.org/contact',
  x: 'https://x.com/getsbadges',
  linkedIn: 'https://www.linkedin.com/company/getsbadges',
  telegram: 'https://t.me/getsbadges',
} as const;

/** Path of the user manual PDF served with the web app. */
export const USER_MANUAL_PATH = '/user-manual.pdf';

/** Claim, approval and lock periods: whole days, as PlatformSettings accepts them (1..3650). */
export const PERIOD_DAYS = { min: 1, max: 3650 } as const;
