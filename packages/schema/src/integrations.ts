// A sponsor's own systems (issue 46): API keys that call the same /gs-api the
// web app calls, within their scopes; webhook endpoints that receive the
// sponsor's events signed as Standard Webhooks; and the events feed that
// answers the same events in order. What the server and the web app share.
import { z } from 'zod';
import { envelope } from './api.ts';

/**
 * What a key may do. None of them moves GETS out of the sponsor's wallet:
 * publishing, staking and sending stay with the person, in the browser.
 */
export const API_KEY_SCOPES = [
  'badges:read',
  'applications:review',
  'whitelist:write',
  'webhooks:manage',
  'events:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope is called on the Developers page. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'badges:read': 'Read your badges and their applications',
  'applications:review': 'Approve and reject applications',
  'whitelist:write': 'Whitelist earners and invite them',
  'webhooks:manage': 'Manage webhook endpoints',
  'events:read': 'Read the events feed',
};

/** Every key starts so: recognisable in a leaked file, a log or a secret scanner. */
export const API_KEY_PREFIX = 'gets_sk_';
export const API_KEY_NAME_MAX_LENGTH = 60;
/** The expiries "Create API key" offers, in days; none: the key lasts until revoked. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
/** Keys a sponsor may hold at once (revoked and expired ones do not count). */
export const API_KEYS_MAX_PER_SPONSOR = 20;
export const WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
/** The largest page of GET /events. */
export const EVENTS_FEED_MAX_LIMIT = 100;
export const EVENTS_FEED_DEFAULT_LIMIT = 50;

/** The events a sponsor's systems hear of, by webhook and on the feed. */
export const SPONSOR_EVENT_TYPES = [
  'application.submitted',
  'application.approved',
  'application.rejected',
  'badge.claimed',
  'credential.revoked',
  'badge.published',
  'badge.approved',
  'badge.banned',
  'badge.expired',
  'whitelist.completed',
  'invitation.completed',
  'transaction.completed',
  'transaction.failed',
] as const;
export type SponsorEventType = (typeof SPONSOR_EVENT_TYPES)[number];
/** Sent by "Send test event" to one endpoint only; never on the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const INTEGRATION_MESSAGES = {
  keys: 'Your API keys',
  keyCreated: 'Your API key was created. Copy it now: it is shown only once',
  keyRevoked: 'The API key was revoked',
  keyNotFound: 'This API key was not found',
  tooManyKeys: `You can hold at most ${API_KEYS_MAX_PER_SPONSOR} API keys: revoke one first`,
  keyInvalid: 'This API key is not valid, was revoked or has expired',
  keyNotAllowed: 'API keys cannot make this call: sign in to the web app for it',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the scope "${scope}"`,
  keyTooManyCalls: (seconds: number) =>
    `Too many calls with this API key. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  endpoints: 'Your webhook endpoints',
  endpointAdded: 'The endpoint was added',
  endpointRemoved: 'The endpoint was removed',
  endpointEnabled: 'The endpoint was enabled again',
  endpointNotFound: 'This endpoint was not found',
  tooManyEndpoints: `You can have at most ${WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR} endpoints: remove one first`,
  urlInvalid: 'Enter a valid URL',
  urlNotHttps: 'The endpoint URL must start with https://',
  urlCredentials: 'The endpoint URL must not contain a user name or password',
  urlPrivate:
    'The endpoint URL must be a public address: private, loopback, link-local and cloud metadata addresses are refused',
  deliveries: 'Recent deliveries',
  deliveryNotFound: 'This delivery was not found',
  resent: 'The event will be sent again',
  testSent: 'A test event is on its way',
  events: 'Events',
  cursorInvalid: "after must be the cursor of an event of this feed (a page's next)",
  endpointDisabled: 'This endpoint is disabled: enable it first',
} as const;

const isoDate = z.string();

// ------------------------------------------------------------------ API keys

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, enough to tell keys apart (never the secret). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: isoDate,
  expiresAt: isoDate.nullable(),
  lastUsedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Please enter a name for the key' })
    .max(API_KEY_NAME_MAX_LENGTH, {
      error: `The name can be at most ${API_KEY_NAME_MAX_LENGTH} characters long`,
    }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }))
    .min(1, { error: 'Please choose at least one scope' })
    .transform((scopes) => [...new Set(scopes)]),
  /** Days until the key stops working; null: until revoked. */
  expiresInDays: z
    .union(
      API_KEY_EXPIRY_DAYS.map((days) => z.literal(days)) as [
        z.ZodLiteral<30>,
        z.ZodLiteral<90>,
        z.ZodLiteral<365>,
      ],
    )
    .nullable()
    .default(null),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** The key itself is in `secret`, this once; the server keeps only its hash. */
export const createApiKeyResponseSchema = envelope(
  z.object({ key: apiKeySchema, secret: z.string() }),
);
export const apiKeysResponseSchema = envelope(z.array(apiKeySchema));
export const apiKeyResponseSchema = envelope(apiKeySchema);
export const apiKeyParamsSchema = z.object({ id: z.uuid({ error: 'id must be an API key id' }) });

// ------------------------------------------------------------------ webhooks

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(SPONSOR_EVENT_TYPES)),
  /** whsec_...: what a receiver verifies the signature with (Standard Webhooks). */
  signingSecret: z.string(),
  /** False once it failed for days on end (or its sponsor removed it from use). */
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: isoDate,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createWebhookEndpointRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: 'Please enter the endpoint URL' })
    .max(WEBHOOK_URL_MAX_LENGTH, { error: INTEGRATION_MESSAGES.urlInvalid }),
  events: z
    .array(z.enum(SPONSOR_EVENT_TYPES, { error: 'Unknown event' }))
    .min(1, { error: 'Please choose at least one event' })
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

export const webhookEndpointsResponseSchema = envelope(z.array(webhookEndpointSchema));
export const webhookEndpointResponseSchema = envelope(webhookEndpointSchema);
export const webhookEndpointParamsSchema = z.object({
  id: z.uuid({ error: 'id must be an endpoint id' }),
});

/** One attempt to deliver one event to one endpoint. */
export const webhookDeliverySchema = z.object({
  /** The delivery (event x endpoint): what "Resend" sends again, with the same webhook-id. */
  id: z.uuid(),
  /** The webhook-id header: the event's id, the same on every attempt. */
  eventId: z.string(),
  eventType: z.string(),
  attemptedAt: isoDate,
  /** The receiver's HTTP status; null when none came (refused, timed out). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed, in words; null for a 2xx. */
  error: z.string().nullable(),
  ok: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = envelope(z.array(webhookDeliverySchema));
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid({ error: 'id must be an endpoint id' }),
  deliveryId: z.uuid({ error: 'deliveryId must be a delivery id' }),
});
export const webhookNoticeResponseSchema = envelope(z.null());

// ------------------------------------------------------------------ events

/** An event as a webhook's body and the feed carry it. */
export const sponsorEventSchema = z.object({
  /** evt_...: the webhook-id of its deliveries. */
  id: z.string(),
  type: z.string(),
  /** When it happened (ISO 8601). */
  timestamp: isoDate,
  /** ids and what the sponsor already sees in the web app; never an email nor a wallet they were not shown. */
  data: z.record(z.string(), z.unknown()),
});
export type SponsorEvent = z.infer<typeof sponsorEventSchema>;

export const eventsQuerySchema = z.object({
  /** The feed's cursor: the `next` of the page before (absent: from the first event). */
  after: z
    .string()
    .regex(/^\d{1,18}$/, { error: INTEGRATION_MESSAGES.cursorInvalid })
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EVENTS_FEED_MAX_LIMIT)
    .default(EVENTS_FEED_DEFAULT_LIMIT),
});
export const eventsResponseSchema = envelope(
  z.object({
    events: z.array(sponsorEventSchema.extend({ cursor: z.string() })),
    /** Pass as `after` for the next page; the same cursor again when there is nothing new yet. */
    next: z.string().nullable(),
  }),
);
