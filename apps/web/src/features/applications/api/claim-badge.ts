// The earner's claim: POST /user/metakeep/claimBadge through the one consent
// dialog (one chain call mints the badge token and pays the reward), then
// POST /badge/claim/earner, which answers the award the completed claim
// recorded. The earner's credentials list refreshes with it.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS, type Application } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { BADGES_QUERY_KEY } from '@/features/badges';
import { MY_CREDENTIALS_QUERY_KEY } from '@/features/credentials';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';
import { APPLICATIONS_QUERY_KEY } from './keys';

export function useClaimBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Claim badge and tokens' });
  // Claiming lasts until the application has been read again: between the chain's answer and
  // that read, the old state would offer Claim Tokens once more.
  const [claiming, setClaiming] = useState(false);
  /** The application this hook claimed: claimed from the server's answer on, before any re-read. */
  const [claimedId, setClaimedId] = useState<string | null>(null);

  async function claim(application: Application, email: string): Promise<Application | null> {
    setClaiming(true);
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
      setClaimedId(application._id);
      return award.data;
    } catch (error) {
      reportFailure(error);
      return null;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: MY_CREDENTIALS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
      setClaiming(false);
    }
  }

  return { claim, isClaiming: claiming || action.isRunning, claimedId };
}
