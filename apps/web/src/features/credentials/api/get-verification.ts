// GET /verify/{credentialId}: the checks of a credential this platform issued.
import { useQuery } from '@tanstack/react-query';
import type { VerificationReport } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const VERIFICATION_QUERY_KEY = ['credentials', 'verification'] as const;

export function getVerification(credentialId: string) {
  return apiRequest<VerificationReport>(`/verify/${encodeURIComponent(credentialId)}`, {
    auth: 'none',
  });
}

export function useVerification(credentialId: string) {
  return useQuery({
    queryKey: [...VERIFICATION_QUERY_KEY, credentialId],
    queryFn: async () => {
      const result = await getVerification(credentialId);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    retry: false,
  });
}
