// Builds the HTTP server: the API under /gs-api with its OpenAPI docs, and
// the web app for every other path.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { tokenRoutes } from './modules/tokens/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { rateLimitPluginOptions } from './modules/accounts/rate-limits.ts';
import { adminAuthRoutes } from './modules/admin-auth/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
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

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description: 'Every answer is { message, data }; errors carry the HTTP status.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(transactionRoutes(ctx));
      await api.register(tokenRoutes(ctx));
      // Per-IP limits, on the routes that ask for them (login, OTP, reset, upload).
      await api.register(fastifyRateLimit, rateLimitPluginOptions);
      await api.register(accountRoutes(ctx));
      await api.register(adminAuthRoutes(ctx));
      await api.register(uploadRoutes(ctx));
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
