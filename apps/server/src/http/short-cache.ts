// Answers of public calls kept for a few seconds, so a flood of the same call
// costs one computation (and its chain reads) per key and period, not one per
// request. Callers asking while a value is being computed share that
// computation; a failure is shared too, but never kept.

export interface ShortCache<K, V> {
  /** The value kept for `key`, else the one `load` makes (kept for the cache's time). */
  get(key: K, load: () => Promise<V>): Promise<V>;
}

export interface ShortCacheOptions<V> {
  /**
   * How long a value is kept, or how long this value is (a partial answer
   * more briefly); 0 keeps none and only shares computations in progress.
   */
  ttlMs: number | ((value: V) => number);
  /** The most keys kept; beyond it the oldest goes, so distinct keys cannot fill the memory. */
  maxEntries: number;
  now?: () => number;
}

export function shortCache<K, V>(options: ShortCacheOptions<V>): ShortCache<K, V> {
  const now = options.now ?? Date.now;
  const kept = new Map<K, { value: V; until: number }>();
  const loading = new Map<K, Promise<V>>();

  const remember = (key: K, value: V) => {
    const ttlMs = typeof options.ttlMs === 'function' ? options.ttlMs(value) : options.ttlMs;
    if (ttlMs <= 0) return;
    // Re-inserted, so the Map's order stays the order of keeping: the first is the oldest.
    kept.delete(key);
    kept.set(key, { value, until: now() + ttlMs });
    while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value as K);
  };

  return {
    get(key, load) {
      const hit = kept.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      if (hit) kept.delete(key);
      const running = loading.get(key);
      if (running) return running;
      const loaded = load().then(
        (value) => {
          loading.delete(key);
          remember(key, value);
          return value;
        },
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, loaded);
      return loaded;
    },
  };
}
