// The Developers page's calls (a sponsor's API keys and webhook endpoints),
// the events feed, and an admin's view of a sponsor's keys. Keys are made
// and revoked from a signed-in session only: a key never makes another.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyParamsSchema,
  apiKeyResponseSchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  createWebhookEndpointRequestSchema,
  errorResponseSchema,
  eventsQuerySchema,
  eventsResponseSchema,
  INTEGRATION_MESSAGES as M,
  sponsorParamsSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookEndpointParamsSchema,
  webhookEndpointResponseSchema,
  webhookEndpointsResponseSchema,
  webhookNoticeResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin, requireApprovedSponsor } from '../../http/auth.ts';
import { perActorHook } from '../accounts/rate-limits.ts';
import {
  addEndpoint,
  apiKeysOf,
  createApiKey,
  deliveriesOf,
  enableOwnEndpoint,
  endpointsOf,
  eventsFeed,
  removeOwnEndpoint,
  resend,
  revokeApiKeyAsAdmin,
  revokeOwnApiKey,
  sendTestEvent,
} from './service.ts';

const TAGS = ['developers'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const webhooksScope = { apiKeyScope: 'webhooks:manage' } as const;

export function integrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const sponsor = requireApprovedSponsor(ctx);
    // "Send test event" and "Resend" make the worker call the sponsor's URL:
    // one count per sponsor for both, from the page or a key, so nobody can
    // make the platform call an address again and again.
    const manualSends = perActorHook(
      app,
      { max: ctx.config.integrations.webhookManualSendsPerHour, timeWindow: 3_600_000 },
      'webhook-manual-sends',
    );

    app.get(
      '/developers/keys',
      {
        onRequest: sponsor,
        schema: {
          tags: TAGS,
          summary: 'Your API keys, newest first (revoked ones too); never the keys themselves',
          response: { 200: apiKeysResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: M.keys, data: await apiKeysOf(ctx, actorOf(request).id) }),
    );

    app.post(
      '/developers/keys',
      {
        onRequest: sponsor,
        schema: {
          tags: TAGS,
          summary:
            'Creates an API key with these scopes (and an expiry, if given): the key is in the answer this once, and only its hash is kept',
          body: createApiKeyRequestSchema,
          response: { 201: createApiKeyResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          message: M.keyCreated,
          data: await createApiKey(ctx, actorOf(request), request.body),
        }),
    );

    app.delete(
      '/developers/keys/:id',
      {
        onRequest: sponsor,
        schema: {
          tags: TAGS,
          summary: 'Revokes one of your API keys: it stops working at once',
          params: apiKeyParamsSchema,
          response: { 200: apiKeyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.keyRevoked,
        data: await revokeOwnApiKey(ctx, actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/developers/webhooks',
      {
        onRequest: sponsor,
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary: 'Your webhook endpoints, with their signing secrets',
          response: { 200: webhookEndpointsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.endpoints,
        data: await endpointsOf(ctx, actorOf(request)),
      }),
    );

    app.post(
      '/developers/webhooks',
      {
        onRequest: sponsor,
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary:
            'Adds an endpoint (https, a public address) for these events; its signing secret (whsec_) verifies every delivery (Standard Webhooks)',
          body: createWebhookEndpointRequestSchema,
          response: { 201: webhookEndpointResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          message: M.endpointAdded,
          data: await addEndpoint(ctx, actorOf(request), request.body),
        }),
    );

    app.delete(
      '/developers/webhooks/:id',
      {
        onRequest: sponsor,
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary: 'Removes an endpoint: nothing more is sent to it',
          params: webhookEndpointParamsSchema,
          response: { 200: webhookNoticeResponseSchema, ...errors },
        },
      },
      async (request) => {
        await removeOwnEndpoint(ctx, actorOf(request), request.params.id);
        return { message: M.endpointRemoved, data: null };
      },
    );

    app.post(
      '/developers/webhooks/:id/enable',
      {
        onRequest: sponsor,
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary: 'Enables an endpoint disabled after days of failures; what waits is sent',
          params: webhookEndpointParamsSchema,
          response: { 200: webhookEndpointResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.endpointEnabled,
        data: await enableOwnEndpoint(ctx, actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/developers/webhooks/:id/deliveries',
      {
        onRequest: sponsor,
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary:
            "The endpoint's latest delivery attempts, newest first: time, event, status code, duration",
          params: webhookEndpointParamsSchema,
          response: { 200: webhookDeliveriesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.deliveries,
        data: await deliveriesOf(ctx, actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/developers/webhooks/:id/deliveries/:deliveryId/resend',
      {
        onRequest: [sponsor, manualSends],
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary: 'Sends an event to the endpoint again, with the same webhook-id',
          params: webhookDeliveryParamsSchema,
          response: { 200: webhookNoticeResponseSchema, ...errors },
        },
      },
      async (request) => {
        await resend(ctx, actorOf(request), request.params.id, request.params.deliveryId);
        return { message: M.resent, data: null };
      },
    );

    app.post(
      '/developers/webhooks/:id/test',
      {
        onRequest: [sponsor, manualSends],
        config: webhooksScope,
        schema: {
          tags: TAGS,
          summary: 'Sends a webhook.test event to this endpoint alone (not on the events feed)',
          params: webhookEndpointParamsSchema,
          response: { 200: webhookNoticeResponseSchema, ...errors },
        },
      },
      async (request) => {
        await sendTestEvent(ctx, actorOf(request), request.params.id);
        return { message: M.testSent, data: null };
      },
    );

    app.get(
      '/events',
      {
        onRequest: sponsor,
        config: { apiKeyScope: 'events:read' },
        schema: {
          tags: TAGS,
          summary:
            "Your events in order, the same the webhooks send: pass the answer's next as after to read on (a system that was down catches up)",
          querystring: eventsQuerySchema,
          response: { 200: eventsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.events,
        data: await eventsFeed(ctx, actorOf(request), request.query),
      }),
    );

    app.get(
      '/admin/sponsor/:id/api-keys',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: "A sponsor's API keys (never the keys themselves)",
          params: sponsorParamsSchema,
          response: { 200: apiKeysResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: M.keys, data: await apiKeysOf(ctx, request.params.id) }),
    );

    app.delete(
      '/admin/api-keys/:id',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: "Revokes a sponsor's API key at once (recorded in the audit log)",
          params: apiKeyParamsSchema,
          response: { 200: apiKeyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: M.keyRevoked,
        data: await revokeApiKeyAsAdmin(ctx, actorOf(request), request.params.id),
      }),
    );
  };
}
