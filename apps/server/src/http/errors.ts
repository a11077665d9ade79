// Every API error leaves the server as { message, data } with its HTTP status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@gets/schema';

/** An error a service throws on purpose: its message is meant for the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const wait = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.status(error.statusCode).send({ message: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      // The first issue's text is the one a form shows next to its field.
      return reply.status(400).send({
        message: issues[0]?.message ?? SERVER_MESSAGES.validationFailed,
        data: { issues },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: SERVER_MESSAGES.internal, data: null });
    }
    return reply.status(status).send({ message: error.message, data: null });
  });
}
