// Whose key a custodial wallet holds: a person, an admin, or the platform
// itself. Both custody (which keeps the keys) and the pipeline (which queues
// and signs their actions) speak of owners in these words.
export type OwnerKind = 'user' | 'admin' | 'system';
