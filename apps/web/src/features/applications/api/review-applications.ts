// The sponsor's review: approve and reject any number of applications in one
// POST /user/metakeep/processRequestBadge (one consent, one chain call), then
// POST /badge/process for each, which answers its recorded outcome. Approving
// more than the badge has left is refused here before anything is signed
// (and by the server, which counts reviews in flight too).
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS, tooManyApprovalsMessage, type Application, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { BADGES_QUERY_KEY } from '@/features/badges';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';

export interface Decision {
  application: Application;
  approve: boolean;
}

export function useReviewApplications() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Review applications' });

  async function review(input: { badge: Badge; decisions: Decision[]; email: string }) {
    const approvals = input.decisions.filter((d) => d.approve).length;
    if (approvals > input.badge.availableBadge) {
      toast.error(tooManyApprovalsMessage(input.badge.name, input.badge.availableBadge));
      return false;
    }
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/user/metakeep/processRequestBadge', {
          method: 'POST',
          body: {
            onChainId: input.decisions.map((d) => d.application.onChainId),
            approval: input.decisions.map((d) => d.approve),
            email: input.email,
            consentToken,
          },
        }),
      );
      if (final.status !== 'COMPLETED') return false;
      const recorded = await Promise.all(
        input.decisions.map((d) =>
          apiRequest<Application>('/badge/process', {
            method: 'POST',
            body: {
              badgeApplicationId: d.application._id,
              status: d.approve ? 'APPROVED' : 'REJECTED',
              ...(final.transactionHash ? { assignedHash: final.transactionHash } : {}),
            },
          }),
        ),
      );
      const failed = recorded.find((r) => !r.success);
      if (failed) {
        toast.error(withBang(failed.message));
        return false;
      }
      if (approvals > 0) toast.success(TOASTS.success.applicationApproved);
      if (approvals < input.decisions.length) toast.success(TOASTS.success.applicationRejected);
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { review, isReviewing: action.isRunning };
}
