// Texts of spec sections 2, 5 and 8, word for word (including the spec's own
// spellings such as "atleast" and "publised"). One source for server and web.

export const VALIDATION = {
  email: {
    required: 'Email is required',
    invalid: 'Invalid email address',
  },
  password: {
    required: 'Password is required',
    min: 'Password must be at least 8 characters',
    lowercase: 'Password must contain at least one lowercase letter',
    uppercase: 'Password must contain at least one uppercase letter',
    number: 'Password must contain at least one number',
    special: 'Password must contain at least one special symbol',
    combined:
      'Password must contain at least one lowercase letter, one uppercase letter, one number, one special symbol',
    confirmRequired: 'Confirm Password is required',
    mustMatch: 'Passwords must match',
  },
  register: {
    fullNameRequired: 'Full Name is required',
    userNameRequired: 'User Name is required',
    userTypeRequired: 'User Type is required',
  },
  otp: {
    required: 'OTP is required',
    length: 'OTP must be exactly 6 digits',
  },
  giveTokens: {
    addressRequired: 'Wallet address is required!',
    amountInvalid: 'Please enter a valid number greater than or equal to 0.',
    amountInvalidOnSubmit: 'Please enter a valid token amount.',
    exceedsBalance: 'Tokens cannot exceed your available balance.',
  },
  badge: {
    titleRequired: 'Title is required!',
    titleMax: 'Title must be of maximum 45 characters long!',
    tokensNumber: 'Number of tokens must be a number!',
    tokensRequired: 'Number of tokens is required!',
    tokensPositive: 'Number of tokens must be greater than 0!',
    tokensMin: 'Number of tokens must be atleast 1!',
    badgesNumber: 'Number of badges must be a number!',
    badgesRequired: 'Number of badges is required!',
    badgesPositive: 'Number of badges must be greater than 0!',
    badgesMin: 'Number of badges must be atleast 1!',
    criteriaRequired: 'Award criteria is required!',
    criteriaMin: 'Award criteria must be at least 30 characters long!',
    expiryNumber: 'Expiry must be a number!',
    expiryRequired: 'Expiry is required!',
    expiryPositive: 'Expiry must be greater than 0!',
    expiryMin: 'Expiry days must be greater than 0!',
    descriptionRequired: 'Description is required!',
    videoLinkUrl: 'Video link must be a valid URL!',
    badgeAccessRequired: 'Badge access is required!',
    imageRequired: 'Image is required!',
    notEnoughBalance: "You don't have enough balance to create these badges.",
    inputTokensAndBadges: 'Please input tokens and badges.',
    enoughBalance: 'You have enough balance to proceed.',
    notEnoughBalanceToPublish: "You don't have enough balance to publish this badge!",
  },
  application: {
    fullNameRequired: 'Full Name is required!',
    awardCriteriaRequired: 'Please select if you meet all of the awarding criteria!',
    needEvidenceRequired: 'Please select whether evidence is required!',
  },
} as const;

export const SCREENS = {
  notFound: 'Page Not Found!',
  offlineTitle: 'No Internet Connection',
  offlineText: 'Please check your connection and try again.',
  unauthorized: 'Unauthorized!',
  routerError: 'Unexpected Application Error!',
} as const;

/** Empty states of the badge, application and award lists (spec section 2). */
export const EMPTY_STATES = {
  noBadgeFound: 'No Badge Found!',
  noBadges: 'No badges found!',
  noBadgeResultsFor: (search: string) => `No results found for ${search}`,
  noBadgeApplications: 'No Badge Application Found!',
  noApplications: 'No applications found!',
  noAwardWinner: 'No Award Winner found.',
  noBadgesEarned: 'You have not earned any badges yet!',
} as const;

/**
 * Beyond the spec: what the web app says when a session ends under the person
 * (a reset on another device, a ban, the session's lifetime). `banned` is also
 * the server's answer to a banned account's calls, so the app can tell it apart.
 */
export const SESSION_MESSAGES = {
  ended: 'Your session has ended. Please log in again.',
  banned: 'Your account has been banned. Please contact support',
} as const;

export const SERVER_MESSAGES = {
  emailAlreadyRegistered: 'This email is already registered. Please proceed to login',
  emailNotRegistered: 'This email is not registered. Please proceed to signup',
  notFound: 'Route not found',
  internal: 'Something went wrong',
  validationFailed: 'Validation failed',
} as const;

export const TOASTS = {
  error: {
    consentFailed: 'Consent failed!',
    transactionStatusFailed: 'Failed to fetch transaction status!',
    maxRetries: 'Max retries reached. Transaction status could not be determined.',
    registerFailed: 'Register failed!',
    resetPasswordFailed: 'Failed to reset password!',
    imageUploadFailed: 'Image upload failed!',
    imageUploadError: 'An error occurred during image upload.',
    generic: 'Oops! Something went wrong!',
    badgeCreationFailed: 'Badge creation failed!',
    deletingDraftFailed: 'Deleting draft failed!',
    approvalFailed: 'Approval failed!',
    updatingSettingsFailed: 'Updating settings failed!',
    updatingLockPeriodFailed: 'Updating lock period failed!',
    updatingApprovalPeriodFailed: 'Updating approval period failed!',
    updatingClaimPeriodFailed: 'Updating claim period failed!',
    verifyingSponsorFailed: 'Verifying sponsor failed!',
    somethingWentWrong: 'Something went wrong!',
    imageRequired: 'Image is required!',
    invalidEmail: 'Invalid email address',
    badgeCardNotFound: 'Badge card not found!',
    downloadFailed: 'Failed to download badge. Please try again.',
    verifyEmailFailed:
      'Something went wrong while verifying your email! Please login and try again!',
    fetchingBadgeFailed: 'Fetching badge details failed!',
  },
  info: {
    allBadgesClaimed: 'All badges are claimed!',
    loginToApply: 'You need to login in order to apply for this badge!',
  },
  success: {
    passwordReset: 'Password reset successfully!',
    imageUploaded: 'Image uploaded!',
    badgePublished: 'Badge publised successfully!',
    draftCreated: 'Draft Badge created successfully!',
    changesSaved: 'Changes saved successfully!',
    draftDeleted: 'Draft deleted!',
    applied: 'Applied for the badge successfully!',
    applicationApproved: 'Application Approved!',
    applicationRejected: 'Application Rejected!',
    badgeClaimed: 'Claimed badge successfully!',
    earnerWhitelisted: 'Earner whitelisted!',
    tokensTransferred: 'Tokens transferred!',
    copied: 'Copied to clipboard',
    addressCopied: 'Address copied to clipboard!',
    linkCopied: 'Link copied to clipboard!',
    badgeDownloaded: 'Badge downloaded successfully!',
    badgeApproved: 'Badge approved!',
    sponsorApproved: 'Sponsor approved!',
    sponsorRejected: 'Sponsor Rejected!',
    sponsorVerified: 'Sponsor verified!',
    stakeApproved: 'Stake amount approved!',
  },
  loading: {
    uploadingImage: 'Uploading image...',
    publishingBadge: 'Your badge is being published...',
    processingRequest: 'Processing request...',
    creatingDraft: 'Creating your draft badge...',
    deletingDraft: 'Deleting draft...',
    verifyingSponsor: 'Verifying sponsor...',
    creatingAccount: 'Your account is being created...',
  },
} as const;

/** Texts of the admin area (spec section 2, "Admin area"). */
export const ADMIN_TEXTS = {
  title: 'ADMIN',
  addMoreAdmin: 'Add more admin',
  sendGets: 'SEND GETS',
  narrowScreen: 'The admin dashboard is optimised for larger screens. Please switch to a desktop.',
  pendingApprovalsHeading: 'Pending profile approvals',
  noSponsors: 'No sponsors found!',
  noResultsFor: (query: string) => `No results found for "${query}"`,
  seeMore: 'See more',
  verifiedSponsor: 'Verified Sponsor',
  launchedBadges: 'Launched badges',
  coolDownTab: 'Cool down periods',
  addAdminsTab: 'Add more admins',
  earnerCoolDown: 'Earner cool down window settings',
  sponsorCoolDown: 'Sponsor cool down window settings',
  claimPeriodLabel: 'Claim period in days',
  claimPeriodHint: 'Set the number of days for earners to claim badges',
  approvalPeriodLabel: 'For admins: Badges acceptance & rejection period',
  approvalPeriodHint:
    'Set the number of days as cool down period for all admins to accept or reject badge creation request',
  lockPeriodLabel: 'For both earners and sponsors: Lock period',
  lockPeriodHint:
    'Set the number of days as lock period for earners and sponsors to unstake GETS coins from the community treasure',
  saveChanges: 'Save Changes',
  proceed: 'Proceed',
  managers: 'Managers',
} as const;
