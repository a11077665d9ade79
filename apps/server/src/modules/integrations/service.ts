// What a sponsor (and an admin) does with API keys, webhook endpoints and the
// events feed. Keys are made here and shown once; the guards read them
// through `apiKeySessions`, like sessions.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX_PER_SPONSOR,
  API_PREFIX,
  INTEGRATION_MESSAGES as M,
  verifyPagePath,
  WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreateWebhookEndpointRequest,
  type SponsorEvent,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/auth.ts';
import type { SessionLookup } from '../../http/sessions.ts';
import { hashToken } from '../accounts/sessions.ts';
import {
  insertApiKey,
  listApiKeys,
  resolveApiKeyHash,
  revokeApiKey,
  type StoredApiKey,
} from './api-key-repository.ts';
import { eventsAfter, recordTestEvent, type StoredEvent } from './event-repository.ts';
import { checkEndpointUrl } from './endpoint-url.ts';
import { recordAdminAction } from '../audit/service.ts';
import {
  enableEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  recentAttempts,
  removeEndpoint,
  resendDelivery,
  type StoredEndpoint,
} from './webhook-repository.ts';
import { newSigningSecret } from './webhook-sender.ts';

type Deps = Pick<AppContext, 'db' | 'config'>;

/** Characters of a key the lists show: the prefix and four of its own. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
/** Attempts the Developers page lists per endpoint. */
const RECENT_ATTEMPTS = 50;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const apiKeyView = (key: StoredApiKey): ApiKey => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  createdAt: key.createdAt.toISOString(),
  expiresAt: iso(key.expiresAt),
  lastUsedAt: iso(key.lastUsedAt),
  revokedAt: iso(key.revokedAt),
});

/**
 * The bearers the guards accept: a sponsor's API key (recognised by its
 * prefix) as its sponsor with its scopes, anything else as a session.
 */
export const apiKeySessions = (db: Queryable, sessions: SessionLookup): SessionLookup => ({
  resolve: (token) =>
    token.startsWith(API_KEY_PREFIX)
      ? resolveApiKeyHash(db, hashToken(token))
      : sessions.resolve(token),
});

export async function createApiKey(deps: Deps, actor: Actor, input: CreateApiKeyRequest) {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const key = await insertApiKey(
    deps.db,
    {
      id: randomUUID(),
      sponsorId: actor.id,
      name: input.name,
      prefix: secret.slice(0, SHOWN_LENGTH),
      keyHash: hashToken(secret),
      scopes: input.scopes as StoredApiKey['scopes'],
      expiresInDays: input.expiresInDays ?? null,
    },
    API_KEYS_MAX_PER_SPONSOR,
  );
  if (!key) throw new AppError(409, M.tooManyKeys);
  return { key: apiKeyView(key), secret };
}

export const apiKeysOf = async (deps: Deps, sponsorId: string) =>
  (await listApiKeys(deps.db, sponsorId)).map(apiKeyView);

export async function revokeOwnApiKey(deps: Deps, actor: Actor, id: string) {
  const key = await revokeApiKey(deps.db, id, { sponsorId: actor.id });
  if (!key) throw new AppError(404, M.keyNotFound);
  return apiKeyView(key);
}

/** An admin revokes any sponsor's key; the audit log keeps it, in the same commit. */
export async function revokeApiKeyAsAdmin(deps: Deps, actor: Actor, id: string) {
  return deps.db.transaction(async (tx) => {
    const key = await revokeApiKey(tx, id, { adminId: actor.id });
    if (!key) throw new AppError(404, M.keyNotFound);
    await recordAdminAction(tx, actor, {
      action: 'sponsor.revokeApiKey',
      target: { kind: 'sponsor', id: key.sponsorId },
      details: { key: key.id, name: key.name },
    });
    return apiKeyView(key);
  });
}

// ------------------------------------------------------------------ webhooks

const endpointView = (endpoint: StoredEndpoint): WebhookEndpoint => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  signingSecret: endpoint.signingSecret,
  enabled: endpoint.disabledAt === null,
  disabledReason: endpoint.disabledReason,
  createdAt: endpoint.createdAt.toISOString(),
});

const urlPolicy = (deps: Deps) => ({
  allowPrivateNetworks: deps.config.integrations.webhookAllowPrivateNetworks,
});

export async function addEndpoint(deps: Deps, actor: Actor, input: CreateWebhookEndpointRequest) {
  const url = checkEndpointUrl(input.url, urlPolicy(deps));
  const endpoint = await insertEndpoint(
    deps.db,
    {
      id: randomUUID(),
      sponsorId: actor.id,
      url: url.href,
      events: input.events as StoredEndpoint['events'],
      signingSecret: newSigningSecret(),
    },
    WEBHOOK_ENDPOINTS_MAX_PER_SPONSOR,
  );
  if (!endpoint) throw new AppError(409, M.tooManyEndpoints);
  return endpointView(endpoint);
}

export const endpointsOf = async (deps: Deps, actor: Actor) =>
  (await listEndpoints(deps.db, actor.id)).map(endpointView);

async function ownEndpoint(deps: Deps, actor: Actor, id: string) {
  const endpoint = await findEndpoint(deps.db, actor.id, id);
  if (!endpoint) throw new AppError(404, M.endpointNotFound);
  return endpoint;
}

export async function removeOwnEndpoint(deps: Deps, actor: Actor, id: string) {
  if (!(await removeEndpoint(deps.db, actor.id, id))) throw new AppError(404, M.endpointNotFound);
}

export async function enableOwnEndpoint(deps: Deps, actor: Actor, id: string) {
  const endpoint = await enableEndpoint(deps.db, actor.id, id);
  if (!endpoint) throw new AppError(404, M.endpointNotFound);
  return endpointView(endpoint);
}

export async function deliveriesOf(
  deps: Deps,
  actor: Actor,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await ownEndpoint(deps, actor, endpointId);
  return (await recentAttempts(deps.db, endpointId, RECENT_ATTEMPTS)).map((attempt) => ({
    id: attempt.deliveryId,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    attemptedAt: attempt.attemptedAt.toISOString(),
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
    ok: attempt.ok,
  }));
}

export async function resend(deps: Deps, actor: Actor, endpointId: string, deliveryId: string) {
  await ownEndpoint(deps, actor, endpointId);
  if (!(await resendDelivery(deps.db, endpointId, deliveryId))) {
    throw new AppError(404, M.deliveryNotFound);
  }
}

export async function sendTestEvent(deps: Deps, actor: Actor, endpointId: string) {
  const endpoint = await ownEndpoint(deps, actor, endpointId);
  if (endpoint.disabledAt) throw new AppError(409, M.endpointDisabled);
  await deps.db.transaction((tx) =>
    recordTestEvent(tx, actor.id, endpointId, {
      message: 'A test event from the Developers page',
    }),
  );
}

// ------------------------------------------------------------------ events

/**
 * An event as it is sent and read: its stored data, with the URLs of a
 * credential it names made absolute on the platform's public URL.
 */
export function eventBody(event: StoredEvent, publicUrl: string | undefined): SponsorEvent {
  const data = { ...event.data };
  if (typeof data.credentialId === 'string' && publicUrl) {
    const root = publicUrl.replace(/\/+$/, '');
    data.credentialUrl = `${root}${API_PREFIX}/credentials/${data.credentialId}`;
    data.verifyUrl = `${root}${verifyPagePath(data.credentialId)}`;
  }
  return {
    id: event.id,
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data,
  };
}

export async function eventsFeed(
  deps: Deps & Pick<AppContext, 'publicUrl'>,
  actor: Actor,
  query: { after?: string; limit: number },
) {
  const after = query.after ?? '0';
  const events = await eventsAfter(deps.db, actor.id, after, query.limit);
  const last = events.at(-1);
  return {
    events: events.map((event) => ({
      ...eventBody(event, deps.publicUrl()),
      cursor: event.seq,
    })),
    next: last ? last.seq : after,
  };
}
