// The calls of the Developers page (issue 46), all under /gs-api/developers
// and signed by the approved sponsor's session: their API keys, their webhook
// endpoints and each endpoint's recent deliveries; and the admin's view of one
// sponsor's keys (/admin/sponsor/{id}/api-keys, /admin/api-keys/{id}).
import { useQuery } from '@tanstack/react-query';
import type {
  ApiKey,
  CreateApiKeyRequest,
  CreateWebhookEndpointRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from '@gets/schema';
import { apiRequest, type ApiResult } from '@/lib/api-client';

export const developersKeys = {
  all: ['developers'] as const,
  keys: ['developers', 'keys'] as const,
  webhooks: ['developers', 'webhooks'] as const,
  deliveries: (endpointId: string) => ['developers', 'webhooks', endpointId, 'deliveries'] as const,
  /** Carries 'admin': the admin console's refreshes (isAdminQuery) include it. */
  sponsorKeys: (sponsorId: string) =>
    ['developers', 'admin', 'sponsor', sponsorId, 'keys'] as const,
};

/** Unwraps an API result for TanStack Query: a failure becomes an error with the server's words. */
function dataOf<T>(result: ApiResult<T>): T {
  if (!result.success) throw new Error(result.message);
  return result.data;
}

const id = (value: string) => encodeURIComponent(value);

// ------------------------------------------------------------------ API keys

/** GET /developers/keys: newest first, revoked ones included. */
export function useApiKeys() {
  return useQuery({
    queryKey: developersKeys.keys,
    queryFn: async () => dataOf(await apiRequest<ApiKey[]>('/developers/keys')),
  });
}

/** POST /developers/keys: the key, and its secret this once. */
export const createApiKey = (body: CreateApiKeyRequest) =>
  apiRequest<{ key: ApiKey; secret: string }>('/developers/keys', { method: 'POST', body });

/** DELETE /developers/keys/{id}: the revoked key. */
export const revokeApiKey = (keyId: string) =>
  apiRequest<ApiKey>(`/developers/keys/${id(keyId)}`, { method: 'DELETE' });

// ------------------------------------------------------------------ webhooks

/** GET /developers/webhooks */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: developersKeys.webhooks,
    queryFn: async () => dataOf(await apiRequest<WebhookEndpoint[]>('/developers/webhooks')),
  });
}

/** POST /developers/webhooks */
export const addWebhookEndpoint = (body: CreateWebhookEndpointRequest) =>
  apiRequest<WebhookEndpoint>('/developers/webhooks', { method: 'POST', body });

/** DELETE /developers/webhooks/{id} */
export const removeWebhookEndpoint = (endpointId: string) =>
  apiRequest<null>(`/developers/webhooks/${id(endpointId)}`, { method: 'DELETE' });

/** POST /developers/webhooks/{id}/enable: an endpoint disabled after failing, in use again. */
export const enableWebhookEndpoint = (endpointId: string) =>
  apiRequest<WebhookEndpoint>(`/developers/webhooks/${id(endpointId)}/enable`, { method: 'POST' });

/** POST /developers/webhooks/{id}/test: queues a webhook.test event to this endpoint. */
export const sendTestEvent = (endpointId: string) =>
  apiRequest<null>(`/developers/webhooks/${id(endpointId)}/test`, { method: 'POST' });

/**
 * GET /developers/webhooks/{id}/deliveries: the recent attempts, newest first.
 * `pollMs`: read again that often (while a test or resent event is on its way).
 */
export function useWebhookDeliveries(endpointId: string, pollMs: number | false = false) {
  return useQuery({
    queryKey: developersKeys.deliveries(endpointId),
    queryFn: async () =>
      dataOf(
        await apiRequest<WebhookDelivery[]>(`/developers/webhooks/${id(endpointId)}/deliveries`),
      ),
    refetchInterval: pollMs,
  });
}

/** POST /developers/webhooks/{id}/deliveries/{deliveryId}/resend */
export const resendDelivery = (endpointId: string, deliveryId: string) =>
  apiRequest<null>(`/developers/webhooks/${id(endpointId)}/deliveries/${id(deliveryId)}/resend`, {
    method: 'POST',
  });

// ------------------------------------------------------------------ admin

/** GET /admin/sponsor/{id}/api-keys: one sponsor's keys, for the admin. */
export function useSponsorApiKeys(sponsorId: string) {
  return useQuery({
    queryKey: developersKeys.sponsorKeys(sponsorId),
    queryFn: async () =>
      dataOf(
        await apiRequest<ApiKey[]>(`/admin/sponsor/${id(sponsorId)}/api-keys`, { auth: 'admin' }),
      ),
  });
}

/** DELETE /admin/api-keys/{id}: the revoked key. */
export const revokeApiKeyAsAdmin = (keyId: string) =>
  apiRequest<ApiKey>(`/admin/api-keys/${id(keyId)}`, { method: 'DELETE', auth: 'admin' });
