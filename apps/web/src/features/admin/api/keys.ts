// Query keys of the admin console. Lists that carry balances read from the
// chain sit under the chain-state key, so a finished chain action refreshes them.
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export const adminKeys = {
  all: ['admin'] as const,
  pendingSponsors: ['admin', 'sponsors', 'pending'] as const,
  rejectedSponsors: ['admin', 'sponsors', 'rejected'] as const,
  activeSponsors: [...CHAIN_STATE_QUERY_KEY, 'admin', 'sponsors', 'active'] as const,
  sponsor: (id: string) => [...CHAIN_STATE_QUERY_KEY, 'admin', 'sponsor', id] as const,
  settings: [...CHAIN_STATE_QUERY_KEY, 'admin', 'settings'] as const,
  admins: [...CHAIN_STATE_QUERY_KEY, 'admin', 'admins'] as const,
  /** Under the chain-state key: a chain action's outcome changes its entry. */
  auditLog: (action: string) => [...CHAIN_STATE_QUERY_KEY, 'admin', 'audit-log', action] as const,
};

/**
 * Every admin console query, those under the chain-state key included: a
 * decision about a sponsor changes several lists and cards at once.
 */
export const isAdminQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey.includes('admin');

/** Unwraps an API result for TanStack Query: failures become errors with the server's words. */
export function dataOf<T>(result: { success: boolean; data: T | null; message: string }): T {
  if (!result.success) throw new Error(result.message);
  return result.data as T;
}
