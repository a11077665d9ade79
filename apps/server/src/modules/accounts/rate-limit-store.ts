// Where the per-IP limits count: in the process (one process, the embedded
// default), in the database (PostgreSQL, which several API processes share),
// or in Redis (REDIS_URL). Shared counts mean a guesser cannot multiply the
// limit by spreading calls over API processes.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../../db/database.ts';
import { countAttempt } from '../../limits/attempt-repository.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The route @fastify/rate-limit hands a child store (its own options carry it too). */
interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * A store for @fastify/rate-limit that counts fixed windows in the
 * auth_attempts table (the same counters as the per-account limits), one
 * scope per route.
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly scope: string;

    constructor(params: object = {}) {
      const route = (params as { routeInfo?: RouteInfo }).routeInfo;
      this.scope = route?.url ? `ip ${String(route.method)} ${route.url}` : 'ip';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countAttempt(db, this.scope, key, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ attempts, retryAfterMs }) => callback(null, { current: attempts, ttl: retryAfterMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
