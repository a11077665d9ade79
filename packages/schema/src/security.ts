// Second factors (passkeys, an authenticator app, recovery codes), the
// sessions a person can see and end, and the way out of custody (issue 45).
// A person with a factor confirms every sign-in and every money move with it;
// the shapes here are what the server and the web app share.
import { z } from 'zod';
import { envelope } from './api.ts';

/** What a person may confirm with: a passkey, a code of the app, a recovery code. */
export const SECOND_FACTOR_KINDS = ['passkey', 'totp', 'recoveryCode'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** RFC 6238 as every authenticator app reads an otpauth URI by default. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many recovery codes a person gets at a time (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The passphrase of an exported wallet: long enough that its file is no easy guess. */
export const EXPORT_PASSPHRASE_MIN_LENGTH = 12;
export const EXPORT_PASSPHRASE_MAX_LENGTH = 128;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const SECURITY_MESSAGES = {
  loginSecondFactor:
    'Confirm it is you: use your passkey, a code from your authenticator app or a recovery code',
  confirmSecondFactor: 'Confirm it is you: use your passkey or a code from your authenticator app',
  wrongCode: 'This code is not right. Please try again',
  codeUsed: 'This code was used already. Please wait for the next one',
  wrongRecoveryCode: 'This recovery code is not right, or was used already',
  passkeyFailed: 'Your passkey could not be checked. Please try again',
  passkeyUnknown: 'This passkey is not registered on this platform',
  passkeyAdded: 'Your passkey was added',
  passkeyRemoved: 'Your passkey was removed',
  totpStarted: 'Scan the code with your authenticator app, then enter the code it shows',
  totpEnabled: 'Your authenticator app is set up',
  totpRemoved: 'Your authenticator app was removed',
  totpNotStarted: 'Start the set-up of your authenticator app first',
  recoveryCodesCreated:
    'Here are your recovery codes. Keep them somewhere safe: each works once, and they are shown only now',
  security: 'Your security settings',
  lastFactor:
    'This is your last passkey or authenticator app: add another one before removing it, or keep it',
  adminFactorRequired:
    'Admins must confirm changes with a second factor: add a passkey or set up an authenticator app under Security first',
  sessions: 'Your sessions',
  sessionEnded: 'That session was signed out',
  sessionNotFound: 'This session was not found, or has ended already',
  otherSessionsEnded: 'Every other session was signed out',
  notMeDone:
    'Every session of your account was signed out. Please set a new password with "Forgot password"',
  notMeInvalid: 'This link is not valid or has expired',
  passwordMustBeReset:
    'For your safety, please set a new password with "Forgot password" before signing in',
  walletExported: 'Your wallet was exported',
  exportNeedsPasswordAndCode: 'Enter your password and the code we emailed you',
  wrongPassword: 'This password is not right',
  adminWalletNotExportable:
    "An admin's wallet holds the platform's roles, so it cannot be exported",
  passphraseMismatch: 'The passphrases do not match',
  passphraseTooShort: `The passphrase must be at least ${EXPORT_PASSPHRASE_MIN_LENGTH} characters long`,
} as const;

/** A 6-digit code of an authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' });

/** A recovery code as shown ("abcde-12345"); dashes, spaces and case do not matter. */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .min(8, { error: 'Enter one of your recovery codes' })
  .max(40, { error: 'Enter one of your recovery codes' });

const base64url = z.string().max(4096);

/**
 * A WebAuthn assertion as @simplewebauthn/browser's startAuthentication
 * answers it (AuthenticationResponseJSON), bounded in size.
 */
export const webauthnAssertionSchema = z.object({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.string().max(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type WebauthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/**
 * A WebAuthn registration as @simplewebauthn/browser's startRegistration
 * answers it (RegistrationResponseJSON), bounded in size.
 */
export const webauthnAttestationSchema = z.object({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: z.string().max(16_384),
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type WebauthnAttestation = z.infer<typeof webauthnAttestationSchema>;

/**
 * What confirms a money move: one of these beside the consent token. The
 * passkey's challenge is the one the consent answered (bound to that consent).
 */
export const consentFactorFields = {
  totpCode: totpCodeSchema.optional(),
  webauthn: webauthnAssertionSchema.optional(),
};

/** What confirms a sign-in or a change of one's own security: any one factor. */
export const secondFactorProofSchema = z.object({
  totpCode: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
  webauthn: webauthnAssertionSchema.optional(),
});
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

/**
 * The options @simplewebauthn/browser's startAuthentication and
 * startRegistration take (PublicKeyCredential*OptionsJSON), passed on as the
 * server made them.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/**
 * The data of a 401 that asks for a second factor (a login with the password
 * only, a consent submitted without its confirmation, a security change): the
 * kinds the person has, and a passkey challenge when they have a passkey.
 */
export const secondFactorRequiredSchema = z.object({
  secondFactorRequired: z.literal(true),
  kinds: z.array(z.enum(SECOND_FACTOR_KINDS)),
  passkey: passkeyOptionsSchema.nullable(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** POST /metakeep/auth/login and /admin/adminLogin: the password, and a factor when one is enrolled. */
export const loginFactorFields = {
  totpCode: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
  webauthn: webauthnAssertionSchema.optional(),
};

/** POST /metakeep/auth/passkey/options: a challenge for "Sign in with a passkey". */
export const passkeyLoginOptionsResponseSchema = envelope(passkeyOptionsSchema);
/** POST /metakeep/auth/passkey/login */
export const passkeyLoginRequestSchema = z.object({ webauthn: webauthnAssertionSchema });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * A person's own security changes, as the Security section lists them: a
 * change they did not make is how a stolen password shows.
 */
export const SECURITY_EVENT_TEXTS = {
  'sign-in.new-browser': 'Signed in from a new browser',
  'password.reset': 'Password reset by email',
  'sessions.not-me': 'Signed out everywhere with “This wasn’t me”',
  'wallet.export': 'Wallet exported',
  'passkey.add': 'Passkey added',
  'passkey.remove': 'Passkey removed',
  'totp.enable': 'Authenticator app set up',
  'totp.remove': 'Authenticator app removed',
  'recovery-codes.replace': 'New recovery codes made',
  'factors.reset': 'Every passkey, authenticator app and recovery code removed by the operator',
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENT_TEXTS;
/** How many of the latest changes GET /security answers. */
export const SECURITY_ACTIVITY_LIMIT = 20;

export const securityActivitySchema = z.object({
  event: z.enum(Object.keys(SECURITY_EVENT_TEXTS) as [SecurityEventKind, ...SecurityEventKind[]]),
  at: z.string(),
  /** The network the change came from (the IP's /24 or /48), when it came over HTTP. */
  network: z.string().nullable(),
  /** The browser and system of a sign-in ("Safari 17 on iOS 17.1"); null for other changes. */
  device: z.string().nullable(),
});
export type SecurityActivity = z.infer<typeof securityActivitySchema>;

/** GET /gs-api/security: the caller's factors, recovery codes and export. */
export const securityOverviewSchema = z.object({
  passkeys: z.array(passkeySchema),
  totp: z.object({ enabled: z.boolean(), enabledAt: z.string().nullable() }),
  recoveryCodes: z.object({ remaining: z.number().int(), createdAt: z.string().nullable() }),
  hasSecondFactor: z.boolean(),
  /** Admins must enrol a factor before any change. */
  factorRequired: z.boolean(),
  walletExport: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  /** The latest SECURITY_ACTIVITY_LIMIT changes, newest first. */
  recentActivity: z.array(securityActivitySchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;
export const securityOverviewResponseSchema = envelope(securityOverviewSchema);

/** POST /gs-api/security/passkeys/options: registration options (a factor confirms it when one exists). */
export const passkeyRegistrationOptionsRequestSchema = secondFactorProofSchema;
export const passkeyRegistrationOptionsResponseSchema = envelope(passkeyOptionsSchema);

/** POST /gs-api/security/passkeys */
export const addPasskeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the passkey a name' })
    .max(PASSKEY_NAME_MAX_LENGTH, {
      error: `The name may be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
    }),
  attestation: webauthnAttestationSchema,
});
/** The first factor also answers the person's recovery codes (shown once). */
export const factorAddedSchema = z.object({
  recoveryCodes: z.array(z.string()).nullable(),
});
export const addPasskeyResponseSchema = envelope(
  factorAddedSchema.extend({ passkey: passkeySchema }),
);

/** DELETE /gs-api/security/passkeys/{id}, DELETE /gs-api/security/totp, POST /gs-api/security/recovery-codes */
export const securityChangeRequestSchema = secondFactorProofSchema;
export const securityChangedResponseSchema = envelope(z.null());

/** POST /gs-api/security/step-up/options: a passkey challenge for a security change. */
export const stepUpOptionsResponseSchema = envelope(secondFactorRequiredSchema);

/** POST /gs-api/security/totp/setup: the secret, not yet in force. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export const totpSetupResponseSchema = envelope(totpSetupSchema);
/** POST /gs-api/security/totp/confirm: the first code proves the app has the secret. */
export const totpConfirmRequestSchema = z.object({ code: totpCodeSchema });
export const totpConfirmResponseSchema = envelope(factorAddedSchema);

/** POST /gs-api/security/recovery-codes */
export const recoveryCodesResponseSchema = envelope(
  z.object({ recoveryCodes: z.array(z.string()) }),
);

/** GET /gs-api/security/sessions */
export const sessionViewSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  /** The IP's network (an IPv4 /24 or IPv6 /48), not the address. */
  network: z.string(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionsResponseSchema = envelope(z.array(sessionViewSchema));
/** DELETE /gs-api/security/sessions/{id}: an id that is not one of the caller's reads as unknown (404). */
export const sessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /gs-api/security/not-me: the token of a new-sign-in mail's "This wasn't me" link. */
export const notMeRequestSchema = z.object({ token: z.string().min(16).max(128) });

/** POST /gs-api/security/wallet-export: a Web3 Secret Storage v3 keystore. */
export const walletExportRequestSchema = secondFactorProofSchema.extend({
  passphrase: z
    .string()
    .min(EXPORT_PASSPHRASE_MIN_LENGTH, { error: SECURITY_MESSAGES.passphraseTooShort })
    .max(EXPORT_PASSPHRASE_MAX_LENGTH),
  /** Without a factor: the password and a code mailed by /security/wallet-export/code. */
  password: z.string().max(128).optional(),
  emailCode: z.string().trim().max(12).optional(),
});
export const walletExportResponseSchema = envelope(
  z.object({
    address: z.string(),
    fileName: z.string(),
    keystore: z.record(z.string(), z.unknown()),
  }),
);
