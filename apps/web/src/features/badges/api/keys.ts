// Query keys of the badges feature: every badge query starts with BADGES_QUERY_KEY,
// so a change (draft saved, badge published, approved, banned) refreshes them all.
export const BADGES_QUERY_KEY = ['badges'] as const;
