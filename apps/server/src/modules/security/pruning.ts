// What the security module keeps only while it matters, for the worker's
// auth pruning (accounts/pruning.ts, given them at the root): passkey
// challenges and "This wasn't me" links, once expired.
import type { PruneStatement } from '../accounts/pruning.ts';
import { pruneExpiredChallenges } from './factor-repository.ts';
import { pruneExpiredNotMeTokens } from './session-repository.ts';

export const securityRecordsToPrune: Record<string, PruneStatement> = {
  passkeyChallenges: pruneExpiredChallenges,
  notMeLinks: pruneExpiredNotMeTokens,
};
