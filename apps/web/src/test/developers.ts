// Sample records of the Developers API (issue 46), as its screens' tests stub
// them: an approved sponsor, API keys in each status, webhook endpoints and
// their deliveries.
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@gets/schema';
import { VERIFIED_SPONSOR } from './render-route';

export const APPROVED_SPONSOR = { ...VERIFIED_SPONSOR, status: 'APPROVED' };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function apiKey(n: number, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: uuid(100 + n),
    name: `Key ${n}`,
    prefix: `gets_sk_Ab${n}d`,
    scopes: ['badges:read'],
    createdAt: '2025-03-01T10:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** Newest first, as GET /developers/keys answers: an active, a revoked and an expired key. */
export const KEYS: ApiKey[] = [
  apiKey(1, {
    name: 'CRM sync',
    scopes: ['badges:read', 'applications:review'],
    expiresAt: '2999-01-01T00:00:00.000Z',
  }),
  apiKey(2, {
    name: 'Old importer',
    lastUsedAt: '2025-02-10T08:30:00.000Z',
    revokedAt: '2025-02-11T08:30:00.000Z',
  }),
  apiKey(3, { name: 'Trial', expiresAt: '2025-01-31T00:00:00.000Z' }),
];

export function endpoint(n: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: uuid(200 + n),
    url: `https://hooks${n}.example.com/gets`,
    events: ['application.submitted', 'badge.claimed'],
    signingSecret: `whsec_c2VjcmV0LSR7bn0tc2lnbmluZw${n}`,
    enabled: true,
    disabledReason: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function delivery(n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: uuid(300 + n),
    eventId: `evt_${n}`,
    eventType: 'webhook.test',
    attemptedAt: '2025-03-03T10:00:00.000Z',
    statusCode: 200,
    durationMs: 1234,
    error: null,
    ok: true,
    ...overrides,
  };
}
