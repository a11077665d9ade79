// What a request answers when its statement could not reach the database
// (503, readable, with a time to try again) beside what it answers for a
// bug (500, with nothing of the error) and for a refusal on purpose.
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema, SERVER_MESSAGES } from '@gets/schema';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNREACHABLE_LOG_EVERY_MS,
  registerErrorHandler,
} from './errors.ts';

/** Errors as pg throws them when the server is gone, and one it throws for a bad statement. */
const thrown: Record<string, () => Error> = {
  refused: () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  terminated: () => new Error('Connection terminated unexpectedly'),
  'shutting-down': () =>
    Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
  'unique-violation': () =>
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
  refusal: () => new AppError(429, 'Too many requests', { retryAfterSeconds: 30 }),
};

interface LogLine {
  level: 'warn' | 'error';
  msg: string;
  requests?: number;
}

/** A server with the error handler, a route that throws what it is asked to, and its log. */
async function serverWithErrorHandler() {
  const logged: LogLine[] = [];
  const app = Fastify({
    logger: {
      level: 'warn',
      stream: {
        write: (line: string) => {
          const entry = JSON.parse(line) as { level: number; msg: string; requests?: number };
          logged.push({
            level: entry.level >= 50 ? 'error' : 'warn',
            msg: entry.msg,
            ...(entry.requests === undefined ? {} : { requests: entry.requests }),
          });
        },
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/fails/:kind', { schema: { response: { 500: errorResponseSchema } } }, (request) => {
      throw thrown[(request.params as { kind: string }).kind]!();
    });
  // A guard that reads the session before the handler runs, as requireUser does.
  app.get('/guarded', { onRequest: () => Promise.reject(thrown.terminated!()) }, () => 'never');
  await app.ready();
  return { app, logged };
}

describe('the error handler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['refused', 'terminated', 'shutting-down'])(
    'answers 503 with a readable message and Retry-After when the database is unreachable (%s)',
    async (kind) => {
      const { app } = await serverWithErrorHandler();
      const response = await app.inject({ url: `/fails/${kind}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        data: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      });
      await app.close();
    },
  );

  it('answers 503 also when a hook before the handler could not reach it', async () => {
    const { app } = await serverWithErrorHandler();
    const response = await app.inject({ url: '/guarded' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    await app.close();
  });

  it('warns once while the database stays away, then again with how many were answered 503', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, logged } = await serverWithErrorHandler();
    for (let i = 0; i < 5; i++) await app.inject({ url: '/fails/refused' });
    // A warning for whoever runs it, not an error report of a bug.
    expect(logged).toEqual([
      { level: 'warn', msg: expect.stringMatching(/database/), requests: 1 },
    ]);
    vi.advanceTimersByTime(DATABASE_UNREACHABLE_LOG_EVERY_MS);
    await app.inject({ url: '/fails/terminated' });
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({ level: 'warn', requests: 5 });
    await app.close();
  });

  it("still answers 500, without the driver's words, for a statement that is wrong", async () => {
    const { app, logged } = await serverWithErrorHandler();
    const response = await app.inject({ url: '/fails/unique-violation' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.internal, data: null });
    expect(logged).toEqual([{ level: 'error', msg: 'request failed' }]);
    await app.close();
  });

  it("keeps a service's own refusal and its Retry-After", async () => {
    const { app } = await serverWithErrorHandler();
    const response = await app.inject({ url: '/fails/refusal' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({
      message: 'Too many requests',
      data: { retryAfterSeconds: 30 },
    });
    await app.close();
  });
});
