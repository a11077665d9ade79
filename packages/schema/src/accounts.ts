// Accounts: the forms of spec section 5 (email, password, register, OTP) and
// the request and response shapes of the "Authentication and account" calls
// of section 7. The web forms (react-hook-form + zodResolver) and the server
// routes validate with these same schemas, so a message shown under a field
// is the one the server answers with.
import { z } from 'zod';
import { OTP_LENGTH } from './constants.ts';
import {
  confirmPasswordSchema,
  passwordSchema,
  passwordsMatch,
  requiredPasswordSchema,
} from './passwords.ts';
import { envelope } from './api.ts';
import { consentRequiredSchema, queuedSchema } from './custody.ts';
import { VALIDATION } from './messages.ts';
import { consentFactorFields, loginFactorFields } from './security.ts';

/** Limits of RFC 5321 the spec names: whole address, local part, one domain label. */
export const EMAIL_LIMITS = { max: 254, localMax: 64, labelMax: 63 } as const;
export const FULL_NAME_MAX_LENGTH = 100;
export const USER_NAME_MAX_LENGTH = 50;
/** argon2 takes any length; a cap keeps a request from making the server hash megabytes. */
export const PROFILE_PIC_MAX_LENGTH = 2048;
export const USER_TYPES = ['SPONSOR', 'EARNER'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Texts the accounts calls answer with (besides the spec's own in SERVER_MESSAGES). */
export const ACCOUNT_MESSAGES = {
  // Said whether or not the email has an account: its mail says which (the code, or why none).
  otpSent: 'We have sent you an email. Please check your inbox',
  otpVerified: 'OTP verified',
  otpInvalid: 'The OTP is incorrect',
  otpExpired: 'The OTP has expired. Please request a new one',
  otpMissing: 'No OTP was requested for this email. Please request a new one',
  otpTooManyAttempts: 'Too many wrong attempts for this OTP. Please request a new one',
  registered: 'Account created',
  userNameTaken: 'This user name is already taken',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  invalidCredentials: 'Invalid email or password',
  passwordReset: 'Password reset successfully',
  profileUpdated: 'Profile updated',
  profileNotYours: 'You can only update your own profile',
  userNotFound: 'User not found',
  onChainQueued: 'Registration on chain queued',
  alreadyOnChain: 'Your account is already registered on chain',
  emailNotYours: 'The email does not belong to your account',
  sponsorsOnly: 'Only sponsors can make this call',
  imageUploaded: 'Image uploaded',
  imageMissing: 'Please choose an image to upload',
  imageNotAnImage: 'Only images can be uploaded (PNG, JPEG, GIF, WebP or AVIF)',
  imageTooLarge: 'The image is too large',
  imageUnreadable: 'The file could not be read as an image. Please choose another image',
  imageNotFound: 'Image not found',
} as const;

/** "Please wait 27 seconds before requesting a new OTP" */
export const otpResendWaitMessage = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new OTP`;
/**
 * "Too many images uploaded without signing in. Please try again in 42
 * minutes": the per-IP limit of uploads before an account exists.
 */
export const anonymousUploadLimitMessage = (seconds: number) => {
  const wait =
    seconds < 120
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many images uploaded without signing in. Please try again in ${wait}`;
};
/** Why an image that costs more than a still picture is refused (413, 400, 503). */
export const IMAGE_WORK_MESSAGES = {
  /** The image workers are all busy and their queue is full: 503 with Retry-After. */
  busy: 'The server is busy with other images. Please try again in a few seconds',
} as const;
/** "The image has too many frames: at most 300. Animated images are kept as their first frame" */
export const imageTooManyFramesMessage = (maxFrames: number) =>
  `The image has too many frames: at most ${maxFrames}. Animated images are kept as their first frame`;
/** "An animated image needs frames of at least 16 x 16 pixels" */
export const imageFramesTooSmallMessage = (minSide: number) =>
  `An animated image needs frames of at least ${minSide} x ${minSide} pixels`;
/** "The image took too long to process (over 10 seconds). Please choose a smaller image" */
export const imageTooSlowMessage = (seconds: number) =>
  `The image took too long to process (over ${seconds} second${seconds === 1 ? '' : 's'}). Please choose a smaller image`;
/**
 * "No room for this image: your account holds 500 images, 120.5 MB (at most
 * 500 images and 500 MB). Images that no badge or profile uses are deleted 24
 * hours after their upload": the per-account upload quota.
 */
export const uploadQuotaMessage = (
  used: { files: number; bytes: number },
  quota: { files: number; bytes: number; unusedKeptHours: number },
) => {
  const mb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  const images = (n: number) => `${n} image${n === 1 ? '' : 's'}`;
  return `No room for this image: your account holds ${images(used.files)}, ${mb(used.bytes)} (at most ${images(quota.files)} and ${mb(quota.bytes)}). Images that no badge or profile uses are deleted ${quota.unusedKeptHours} hours after their upload`;
};
/** "Too many attempts. Please try again in 42 seconds" */
export const tooManyAttemptsMessage = (seconds: number) =>
  `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
/**
 * "Too many wrong codes for this email. Please try again in 42 minutes": the
 * account's wrong OTP guesses of the hour are spent; the wait is the rest of it.
 */
export const otpGuessLimitMessage = (seconds: number) => {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many wrong codes for this email. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}`;
};

const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** True when the address has the shape and the lengths spec section 5 asks for. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_LIMITS.max || !EMAIL_PATTERN.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at > EMAIL_LIMITS.localMax) return false;
  return value
    .slice(at + 1)
    .split('.')
    .every((label) => label.length <= EMAIL_LIMITS.labelMax);
}

export const emailSchema = z
  .string({ error: VALIDATION.email.required })
  .trim()
  .min(1, VALIDATION.email.required)
  .refine(isValidEmail, { error: VALIDATION.email.invalid, abort: true })
  .toLowerCase();

export const otpSchema = z
  .string({ error: VALIDATION.otp.required })
  .trim()
  .min(1, VALIDATION.otp.required)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), VALIDATION.otp.length);

export const fullNameSchema = z
  .string({ error: VALIDATION.register.fullNameRequired })
  .trim()
  .min(1, VALIDATION.register.fullNameRequired)
  .max(FULL_NAME_MAX_LENGTH, `Full Name must be at most ${FULL_NAME_MAX_LENGTH} characters`);

export const userNameSchema = z
  .string({ error: VALIDATION.register.userNameRequired })
  .trim()
  .min(1, VALIDATION.register.userNameRequired)
  .max(USER_NAME_MAX_LENGTH, `User Name must be at most ${USER_NAME_MAX_LENGTH} characters`)
  .regex(
    /^[A-Za-z0-9._-]*$/,
    'User Name may only contain letters, numbers, dots, dashes and underscores',
  );

/** The select offers sponsor or earner; the value is uppercased when sent (spec section 5). */
export const userTypeSchema = z
  .string({ error: VALIDATION.register.userTypeRequired })
  .trim()
  .min(1, VALIDATION.register.userTypeRequired)
  .toUpperCase()
  .pipe(z.enum(USER_TYPES, { error: 'User Type must be Sponsor or Earner' }));

/** An uploaded image's URL (from POST /badge/imageCreate) or any http(s) image URL. */
export const profilePicSchema = z
  .string({ error: 'Profile picture must be a URL' })
  .trim()
  .max(PROFILE_PIC_MAX_LENGTH, 'Profile picture URL is too long')
  .refine((value) => value === '' || /^(https?:\/\/|\/)\S+$/.test(value), {
    error: 'Profile picture must be a URL',
  })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

// ---------------------------------------------------------------- forms (web)

/** /register form: what the person types (userType as the select gives it). */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    fullName: fullNameSchema,
    userName: userNameSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    userType: userTypeSchema,
    profilePic: profilePicSchema,
  })
  .refine((value) => value.password === value.confirmPassword, passwordsMatch);
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** Verify-email form and the registration OTP modal. */
export const otpFormSchema = z.object({ otp: otpSchema });

/** /forgot-password form, and the body of both OTP-sending calls. */
export const emailRequestSchema = z.object({ email: emailSchema });
export const forgotPasswordFormSchema = emailRequestSchema;

// ------------------------------------------------------------ requests (API)

/** POST /admin-auth/send-verification-email and POST /admin-auth/reset-password/mail */
export const sendOtpRequestSchema = emailRequestSchema;

/** POST /admin-auth/verify-otp: checks the code without using it up. */
export const verifyOtpRequestSchema = z.object({ email: emailSchema, otp: otpSchema });

/** POST /admin-auth/reset-password: uses the reset OTP up and sets the new password. */
export const resetPasswordSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

/**
 * POST /metakeep: registration. onChainId is accepted for the spec's body but
 * ignored: the chain assigns it when the registration completes.
 */
export const registerRequestSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  userName: userNameSchema,
  userType: userTypeSchema,
  profilePic: profilePicSchema,
  onChainId: z.unknown().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /metakeep/auth/login */
export const loginSchema = z.object({
  email: emailSchema,
  password: requiredPasswordSchema,
  ...loginFactorFields,
});
export type LoginRequest = z.input<typeof loginSchema>;

/** POST /admin/adminLogin: the spec only requires a password. */
export const adminLoginSchema = loginSchema;
export type AdminLoginRequest = z.input<typeof adminLoginSchema>;

/**
 * POST /metakeep/register-onchain: without consentToken asks for a fresh
 * registerUser consent, with it queues the on-chain registration.
 */
export const registerOnChainRequestSchema = z.object({
  consentToken: z
    .string({ error: 'This consent token is not valid' })
    .min(16, 'This consent token is not valid')
    .max(128, 'This consent token is not valid')
    .optional(),
  ...consentFactorFields,
});

/**
 * POST /user/updateProfile: fullName, the picture and the reminder emails
 * change; id must be the caller's. A switch left out stays as it is.
 */
export const updateProfileSchema = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required'),
  fullName: fullNameSchema,
  profilePic: profilePicSchema,
  /** Email before an approved badge's claim period ends (earners). */
  emailClaimReminder: z.boolean({ error: 'emailClaimReminder must be true or false' }).optional(),
  /** Daily email of new applications to one's badges (sponsors). */
  emailApplicationDigest: z
    .boolean({ error: 'emailApplicationDigest must be true or false' })
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

/** Profile form (web): email, user name and type are shown read-only. */
export const profileFormSchema = updateProfileSchema
  .pick({ fullName: true, profilePic: true })
  .extend({ emailClaimReminder: z.boolean(), emailApplicationDigest: z.boolean() });

// ----------------------------------------------------------- answers (API)

/** A user as spec section 3 names the fields; the web app keeps it under `auth`. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  fullName: z.string(),
  userName: z.string(),
  userType: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  isVerified: z.boolean(),
  emailVerified: z.boolean(),
  profilePic: z.string().nullable(),
  account: z.string().nullable(),
  onChainId: z.string().nullable(),
  /** The reminder emails this user wants (profile switches). */
  emailClaimReminder: z.boolean(),
  emailApplicationDigest: z.boolean(),
});
export type AccountUser = z.infer<typeof userSchema>;

export const sessionTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });

/** Login answer: stored as { token, user } under the `auth` key. */
export const authDataSchema = sessionTokenSchema.extend({ user: userSchema });
export type AuthData = z.infer<typeof authDataSchema>;
export const authResponseSchema = envelope(authDataSchema);

/** Registration answer: logged in at once, plus the consent for the on-chain registration. */
export const registerDataSchema = authDataSchema.extend({ consent: consentRequiredSchema });
export type RegisterData = z.infer<typeof registerDataSchema>;
export const registerResponseSchema = envelope(registerDataSchema);

export const registerOnChainResponseSchema = envelope(queuedSchema);

/** Both OTP-sending calls: when the next send is allowed and when this code expires. */
export const otpSentDataSchema = z.object({
  email: z.string(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const otpSentResponseSchema = envelope(otpSentDataSchema);

export const otpVerifiedResponseSchema = envelope(
  z.object({ email: z.string(), purpose: z.enum(['REGISTER', 'RESET']) }),
);

export const userResponseSchema = envelope(userSchema);
export const isApprovedResponseSchema = envelope(z.boolean());
export const emptyResponseSchema = envelope(z.null());

/** Admin session data: stored under the `admin` key. Periods are in days. */
export const adminDetailsSchema = z.object({
  _id: z.string(),
  email: z.string(),
  account: z.string().nullable(),
  claimPeriod: z.number(),
  approvalPeriod: z.number(),
  lockPeriod: z.number(),
});
export type AdminDetails = z.infer<typeof adminDetailsSchema>;
export const adminLoginDataSchema = sessionTokenSchema.extend({ adminDetails: adminDetailsSchema });
export type AdminLoginData = z.infer<typeof adminLoginDataSchema>;
export const adminLoginResponseSchema = envelope(adminLoginDataSchema);

/**
 * POST /badge/imageCreate: the content id of the stored image (CIDv1, raw
 * codec, sha2-256, base32 — what `ipfs add --cid-version 1 --raw-leaves`
 * gives a file of one block) and the URL it is served at.
 */
export const imageUploadDataSchema = z.object({
  IpfsHash: z.string(),
  PinSize: z.number().int(),
  Timestamp: z.string(),
  url: z.string(),
});
export type ImageUploadData = z.infer<typeof imageUploadDataSchema>;
export const imageUploadResponseSchema = envelope(imageUploadDataSchema);

/**
 * Header carrying the secret of the /admin/login#<secret> fragment on
 * POST /admin/adminLogin: the admin login page only works from that link.
 */
export const ADMIN_LOGIN_SECRET_HEADER = 'x-admin-login-secret';

/** POST /admin-auth/admin-login-secret: whether a fragment opens the admin login page. */
export const adminLoginSecretCheckSchema = z.object({
  secret: z.string({ error: 'secret is required' }).max(256, 'secret is too long'),
});
export const adminLoginSecretCheckResponseSchema = envelope(z.boolean());
