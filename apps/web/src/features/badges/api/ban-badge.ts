// Admin ban: PUT /admin/badge/ban/{badgeId} through consent (banBadge on
// chain: unpaid rewards back to the sponsor). A failure shows the backend's
// message plus "!" (spec section 8).
import { useQueryClient } from '@tanstack/react-query';
import { BADGE_MESSAGES, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { BADGES_QUERY_KEY } from './keys';

export function useBanBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'admin', title: 'Ban badge' });

  async function ban(badge: Badge): Promise<boolean> {
    try {
      const final = await action.run((consentToken) =>
        apiRequest(`/admin/badge/ban/${badge._id}`, {
          method: 'PUT',
          auth: 'admin',
          body: consentToken ? { consentToken } : {},
        }),
      );
      if (final.status !== 'COMPLETED') return false;
      toast.success(withBang(BADGE_MESSAGES.badgeBanned));
      return true;
    } catch (error) {
      if (!isCancelled(error) && !isStillProcessing(error))
        toast.error(withBang(error instanceof Error ? error.message : 'Ban failed'));
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { ban, isBanning: action.isRunning };
}
