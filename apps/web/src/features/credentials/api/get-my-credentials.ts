// GET /credentials/mine: the signed-in earner's credentials and their links.
import { useQuery } from '@tanstack/react-query';
import type { EarnerCredential } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const MY_CREDENTIALS_QUERY_KEY = ['credentials', 'mine'] as const;

export function getMyCredentials() {
  return apiRequest<EarnerCredential[]>('/credentials/mine');
}

export function useMyCredentials(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: MY_CREDENTIALS_QUERY_KEY,
    queryFn: async () => {
      const result = await getMyCredentials();
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    enabled: options.enabled ?? true,
  });
}
