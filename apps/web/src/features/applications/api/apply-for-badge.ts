// Applying: POST /user/metakeep/requestBadge with the form, through the one
// consent dialog (the request on chain), then POST /badge/claim with the
// request's id, which answers the application the completed request saved.
import { useQueryClient } from '@tanstack/react-query';
import {
  TOASTS,
  applicationBodyOf,
  type Application,
  type ApplicationForm,
  type Badge,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { withBang } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { BADGES_QUERY_KEY } from '@/features/badges';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';

export function useApplyForBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Apply for badge' });

  async function apply(input: {
    badge: Badge;
    form: ApplicationForm;
    email: string;
    account: string;
  }): Promise<Application | null> {
    const body = applicationBodyOf(input.form);
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/user/metakeep/requestBadge', {
          method: 'POST',
          body: { onChainId: input.badge.onChainId, email: input.email, ...body, consentToken },
        }),
      );
      const requested = final.events.find((e) => e.eventName === 'BadgeRequested');
      if (final.status !== 'COMPLETED' || !requested) return null;
      const saved = await apiRequest<Application>('/badge/claim', {
        method: 'POST',
        body: {
          badgeId: input.badge._id,
          studentAddress: input.account,
          onChainId: requested.args.requestId,
          ...body,
        },
      });
      if (!saved.success) {
        toast.error(withBang(saved.message));
        return null;
      }
      toast.success(TOASTS.success.applied);
      return saved.data;
    } catch (error) {
      reportFailure(error);
      return null;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { apply, isApplying: action.isRunning };
}
