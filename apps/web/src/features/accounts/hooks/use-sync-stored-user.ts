// Keeps the stored user in step with the server once per page load: what an
// admin changed meanwhile (approved or rejected, verified) shows without a
// new login (spec section 4: the stored status follows the server). Only
// those two fields: the rest the person changes here, and a late answer must
// not undo it. While a sponsor waits for the admin's decision it asks again
// every few seconds and when the window gets focus, so an approval opens the
// dashboard and Create Badge on the open page, without a reload (the status
// stream carries chain transactions only; a decision is no transaction).
import { useQuery } from '@tanstack/react-query';
import { getMe } from '../api/get-me';
import { readRawStorage, parseSession, updateStoredUser } from '../lib/session';
import { SESSION_STORAGE_KEYS, TRANSACTION_POLLING } from '@gets/schema';
import { useSession } from './use-session';

/** How often a sponsor awaiting the admin's decision asks for it (the spec's polling interval). */
export const SPONSOR_DECISION_POLL_MS = TRANSACTION_POLLING.intervalMs;

export function useSyncStoredUser(): void {
  const user = useSession()?.user;
  const userId = user?._id;
  const awaitingDecision =
    user?.userType === 'SPONSOR' && user.status !== 'APPROVED' && user.status !== 'REJECTED';
  useQuery({
    queryKey: ['accounts', 'me', userId],
    queryFn: async () => {
      const result = await getMe();
      if (!result.success) throw new Error(result.message);
      const stored = parseSession(readRawStorage(SESSION_STORAGE_KEYS.user))?.user;
      if (
        stored?._id === result.data._id &&
        (stored.status !== result.data.status || stored.isVerified !== result.data.isVerified)
      ) {
        updateStoredUser({ status: result.data.status, isVerified: result.data.isVerified });
      }
      return result.data;
    },
    enabled: Boolean(userId),
    staleTime: Infinity,
    refetchInterval: awaitingDecision ? SPONSOR_DECISION_POLL_MS : false,
    refetchOnWindowFocus: awaitingDecision ? 'always' : false,
    retry: false,
  });
}
