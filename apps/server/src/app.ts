// Builds the HTTP server: the API under /gs-api with its OpenAPI docs, and
// the web app for every other path.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, PRODUCT_NAME } from '@gets/schema';
import type { AppContext } from './context.ts';
import { registerErrorHandler } from './http/errors.ts';
import { withRequestBodies } from './http/openapi-bodies.ts';
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { tokenRoutes } from './modules/tokens/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { transactionFactsRoutes } from './modules/transactions/facts-routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { rateLimitPluginOptions } from './modules/accounts/rate-limits.ts';
import { adminAuthRoutes } from './modules/admin-auth/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { stakingRoutes } from './modules/staking/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import {
  walletIssuerRoutes,
  walletIssuerWellKnownRoutes,
} from './modules/credentials/openid4vci/routes.ts';
import { badgeRoutes } from './modules/badges/routes.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { confirmConsentWithFactor } from './modules/security/consent-confirmation.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { integrationRoutes } from './modules/integrations/routes.ts';
import { perApiKeyHook } from './modules/accounts/rate-limits.ts';
import { securitySessionRoutes } from './modules/security/session-routes.ts';
import { walletExportRoutes } from './modules/security/wallet-export-routes.ts';
import { badgePageMeta } from './modules/badges/visibility-service.ts';
import { requestLogFields } from './http/log-redaction.ts';

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;
/** The largest JSON body any call takes; uploads are multipart, with their own limit. */
export const JSON_BODY_LIMIT_BYTES = 128 * 1024;

/**
 * The web app's Content-Security-Policy: scripts only from this origin (no
 * inline script, no eval); styles may be injected at run time (toasts, the
 * crop dialog); images also from data: and blob: (QR codes, previews, PNGs);
 * framed only by this origin (How It Works embeds the user manual).
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify 5.12 takes a number but then
 * trusts nobody (its docs: a hop count cannot check the peer), which would
 * count every client behind the proxy as the proxy's one address for the
 * per-IP limits; a count is therefore given as the function Fastify asks for
 * instead. It believes whoever connects, so README says to use a count only
 * where nothing but the proxies can reach the server.
 */
function trustProxyOption(trust: AppContext['config']['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      // Bearer tokens, the admin login secret and the secrets of mailed links never reach a log line.
      redact: ['req.headers.authorization', 'req.headers["x-admin-login-secret"]'],
      serializers: { req: requestLogFields },
    },
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Keep a caller's request id (from a proxy) when it is sane, else make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // Helmet's headers, its middleware built once: @fastify/helmet builds it
  // again on every request (about 5% of a short call's CPU, measured).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    // HSTS only where HTTPS ends at a proxy in front (TRUST_PROXY): on plain
    // http://localhost it would pin browsers to an https that is not there.
    strictTransportSecurity: ctx.config.trustProxy
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description: 'Every answer is { message, data }; errors carry the HTTP status.',
        version: '0.1.0',
      },
    },
    transform: withRequestBodies(jsonSchemaTransform),
  });
  // The docs page brings its own script hashes into the policy of its routes.
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  await app.register(
    async (api) => {
      // Per-IP limits, on the routes that ask for them (login, OTP, reset,
      // upload, and the public calls that read the chain: /health, /platform,
      // /verify); first, so every route registered after may ask.
      await api.register(
        fastifyRateLimit,
        rateLimitPluginOptions(ctx.db, ctx.redis, ctx.instanceId),
      );
      // Every call that carries a consent token of a person with a second
      // factor is confirmed with it, whatever its route (decision 0064).
      api.addHook('preHandler', confirmConsentWithFactor(ctx));
      // A sponsor's API key is counted on its own, whatever IP it calls from (issue 46).
      api.addHook('onRequest', perApiKeyHook(api, ctx.config));
      await api.register(healthRoutes(ctx));
      await api.register(transactionRoutes(ctx));
      await api.register(tokenRoutes(ctx));
      await api.register(stakingRoutes(ctx));
      await api.register(transactionFactsRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(adminAuthRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(uploadRoutes(ctx));
      await api.register(credentialRoutes(ctx));
      await api.register(walletIssuerRoutes(ctx));
      await api.register(badgeRoutes(ctx));
      await api.register(applicationRoutes(ctx));
      await api.register(securityRoutes(ctx));
      await api.register(securitySessionRoutes(ctx));
      await api.register(walletExportRoutes(ctx));
      await api.register(integrationRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  // OpenID4VCI metadata: at the root, where wallets look for it.
  await app.register(walletIssuerWellKnownRoutes(ctx));
  await registerWebApp(app, ctx.config.webDistDir, (pathname) => badgePageMeta(ctx, pathname));
  return app;
}
