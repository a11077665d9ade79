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

/** Keys over their limit remembered per route, at most; beyond it the oldest goes. */
export const REFUSED_KEYS_KEPT = 10_000;

export interface DatabaseRateLimitStoreOptions {
  now?: () => number;
}

/**
 * A store for @fastify/rate-limit that counts fixed windows in the
 * auth_attempts table (the same counters as the per-account limits), one
 * scope per route.
 *
 * A key found over its limit stays over it until its window ends (the window
 * is fixed; counts only grow in it), so this process remembers that and
 * refuses the key's further calls itself until then. A flood past the limit
 * then costs the database nothing: without it each refusal took a pool
 * connection, and a flood from a few addresses queued every other caller,
 * the pipeline's own statements among them, behind its refusals.
 */
export function databaseRateLimitStore(
  db: Queryable,
  options: DatabaseRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  const now = options.now ?? Date.now;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly scope: string;
    /** Keys over their limit in this scope: the count this process has seen, and the window's end. */
    private readonly refused = new Map<string, { current: number; until: number }>();

    constructor(params: object = {}) {
      const route = (params as { routeInfo?: RouteInfo }).routeInfo;
      this.scope = route?.url ? `ip ${String(route.method)} ${route.url}` : 'ip';
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const known = this.refused.get(key);
      if (known && known.until > now()) {
        known.current += 1;
        callback(null, { current: known.current, ttl: known.until - now() });
        return;
      }
      if (known) this.refused.delete(key);
      countAttempt(db, this.scope, key, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ attempts, retryAfterMs }) => {
          if (attempts > max && retryAfterMs > 0) this.remember(key, attempts, retryAfterMs);
          callback(null, { current: attempts, ttl: retryAfterMs });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object) {
      return new DatabaseRateLimitStore(routeOptions);
    }

    private remember(key: string, current: number, ttl: number) {
      this.refused.delete(key);
      this.refused.set(key, { current, until: now() + ttl });
      // The Map keeps insertion order: the first key is the one remembered longest ago.
      while (this.refused.size > REFUSED_KEYS_KEPT) {
        this.refused.delete(this.refused.keys().next().value as string);
      }
    }
  };
}
