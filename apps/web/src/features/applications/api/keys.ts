// Query keys of the applications feature. They start with the chain-state
// key: every finished chain action (apply, review, claim, whitelist, and any
// other) refreshes applications, awards and sponsor totals.
import { CHAIN_STATE_QUERY_KEY } from '@/features/custody';

export const APPLICATIONS_QUERY_KEY = [...CHAIN_STATE_QUERY_KEY, 'applications'] as const;
