// Deleting a published badge (its sponsor): DELETE /badge/metakeep/delete
// through consent (the unclaimed escrow comes back), then DELETE
// /badge/delete/{id}, which answers the badge as DELETED.
import { useQueryClient } from '@tanstack/react-query';
import { BADGE_MESSAGES, TOASTS, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { BADGES_QUERY_KEY } from './keys';

export function useDeleteBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Delete badge' });

  async function remove(badge: Badge, email: string): Promise<boolean> {
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/badge/metakeep/delete', {
          method: 'DELETE',
          body: { onChainId: badge.onChainId, email, consentToken },
        }),
      );
      if (final.status !== 'COMPLETED') return false;
      const deleted = await apiRequest<Badge>(`/badge/delete/${badge._id}`, { method: 'DELETE' });
      if (!deleted.success) {
        toast.error(withBang(deleted.message));
        return false;
      }
      toast.success(withBang(deleted.message || BADGE_MESSAGES.badgeDeleted));
      return true;
    } catch (error) {
      if (!isCancelled(error) && !isStillProcessing(error)) {
        toast.error(TOASTS.error.somethingWentWrong);
      }
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { remove, isDeleting: action.isRunning };
}
