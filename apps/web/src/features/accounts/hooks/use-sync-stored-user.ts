// Keeps the stored user in step with the server once per page load: what an
// admin changed meanwhile (approved or rejected, verified) shows without a
// new login (spec section 4: the stored status follows the server). Only
// those two fields: the rest the person changes here, and a late answer must
// not undo it.
import { useQuery } from '@tanstack/react-query';
import { getMe } from '../api/get-me';
import { readRawStorage, parseSession, updateStoredUser } from '../lib/session';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { useSession } from './use-session';

export function useSyncStoredUser(): void {
  const userId = useSession()?.user._id;
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
    retry: false,
  });
}
