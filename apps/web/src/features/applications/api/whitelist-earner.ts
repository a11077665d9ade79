// The sponsor whitelists an earner's wallet on a private badge:
// POST /badge/whitelist through the one consent dialog ("Earner whitelisted!").
import { TOASTS, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';

export function useWhitelistEarner() {
  const action = useChainAction({ auth: 'user', title: 'Whitelist earner' });

  async function whitelist(badge: Badge, earnerAccount: string, email: string) {
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/badge/whitelist', {
          method: 'POST',
          body: { earnerAccount, badgeOnChainId: badge.onChainId, email, consentToken },
        }),
      );
      if (final.status !== 'COMPLETED') return false;
      toast.success(TOASTS.success.earnerWhitelisted);
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    }
  }

  return { whitelist, isWhitelisting: action.isRunning };
}
