// Admin approval: POST /metakeep/badge/approve through consent (approveBadge
// on chain with the expiry date), then PUT /admin/badge/approve/{id}.
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { BADGES_QUERY_KEY } from './keys';

export function useApproveBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'admin', title: 'Approve badge' });

  /** Resolves true when approved on chain and recorded; toasts the outcome. */
  async function approve(badge: Badge, expiryDate: number): Promise<boolean> {
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/metakeep/badge/approve', {
          method: 'POST',
          auth: 'admin',
          body: { badgeId: badge.onChainId, expiryDate, consentToken },
        }),
      );
      if (final.status !== 'COMPLETED') {
        toast.error(TOASTS.error.approvalFailed);
        return false;
      }
      const recorded = await apiRequest<Badge>(`/admin/badge/approve/${badge._id}`, {
        method: 'PUT',
        auth: 'admin',
        body: { expiryDate },
      });
      if (!recorded.success) {
        toast.error(TOASTS.error.approvalFailed, { description: recorded.message });
        return false;
      }
      toast.success(TOASTS.success.badgeApproved);
      return true;
    } catch (error) {
      if (!isCancelled(error) && !isStillProcessing(error))
        toast.error(TOASTS.error.approvalFailed);
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { approve, isApproving: action.isRunning };
}
