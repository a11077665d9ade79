// GET /user/isApproved: whether the signed-in sponsor is approved (spec section 4).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getIsApproved() {
  return apiRequest<boolean>('/user/isApproved');
}

export function useIsApproved({ enabled, userId }: { enabled: boolean; userId: string }) {
  return useQuery({
    queryKey: ['accounts', 'is-approved', userId],
    queryFn: async () => {
      const result = await getIsApproved();
      return result.success ? result.data === true : false;
    },
    enabled,
  });
}
