// Every API error leaves the server as { message, data } with its HTTP status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@gets/schema';
import { isDatabaseUnreachable } from '../db/database-unreachable.ts';

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

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable; please try again shortly.';
/**
 * When to try again after the database went away: a restart or a failover
 * takes seconds, and the pool opens a new connection on the next request.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * While the database stays away every request fails alike: the log says so
 * once, then at most this often, with how many were answered 503 meanwhile.
 */
export const DATABASE_UNREACHABLE_LOG_EVERY_MS = 30_000;

/**
 * The answer to a request whose statement could not reach the database: not
 * the request's fault nor a bug, so 503 with a time to try again, and the
 * driver's words only in the log.
 */
export function databaseUnavailable(): AppError {
  return new AppError(503, DATABASE_UNAVAILABLE_MESSAGE, {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}

export function registerErrorHandler(app: FastifyInstance) {
  let unreachableLoggedAt = -Infinity;
  let unreachableSinceLog = 0;
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    let error = thrown;
    if (isDatabaseUnreachable(thrown)) {
      unreachableSinceLog += 1;
      if (Date.now() - unreachableLoggedAt >= DATABASE_UNREACHABLE_LOG_EVERY_MS) {
        request.log.warn(
          { err: thrown, requests: unreachableSinceLog },
          'the database is unreachable; answering 503 with Retry-After',
        );
        unreachableLoggedAt = Date.now();
        unreachableSinceLog = 0;
      }
      error = databaseUnavailable();
    }
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
