// The earner's claim: POST /user/metakeep/claimBadge through the one consent
// dialog (one chain call mints the badge token and pays the reward), then
// POST /badge/claim/earner, which answers the award the completed claim
// recorded. The earner's credentials list refreshes with it.
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS, type Application } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { BADGES_QUERY_KEY } from '@/features/badges';
import { MY_CREDENTIALS_QUERY_KEY } from '@/features/credentials';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';

export function useClaimBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Claim badge and tokens' });

  async function claim(application: Application, email: string): Promise<Application | null> {
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/user/metakeep/claimBadge', {
          method: 'POST',
          body: { onChainId: application.onChainId, email, consentToken },
        }),
      );
      if (final.status !== 'COMPLETED') return null;
      const award = await apiRequest<Application>('/badge/claim/earner', {
        method: 'POST',
        body: { badgeApplicationId: application._id, badgeId: application.badgeId },
      });
      if (!award.success) {
        toast.error(withBang(award.message));
        return null;
      }
      toast.success(TOASTS.success.badgeClaimed);
      return award.data;
    } catch (error) {
      reportFailure(error);
      return null;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MY_CREDENTIALS_QUERY_KEY });
    }
  }

  return { claim, isClaiming: action.isRunning };
}
