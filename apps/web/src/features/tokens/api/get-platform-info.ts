// GET /platform: what the web app reads at run time, above all the exchange
// the GET TOKENS links open (EXCHANGE_URL on the server).
import { useQuery } from '@tanstack/react-query';
import { EXTERNAL_LINKS, type PlatformInfo } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function usePlatformInfo() {
  return useQuery({
    queryKey: ['platform'],
    queryFn: async () => {
      const result = await apiRequest<PlatformInfo>('/platform', { auth: 'none' });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
    staleTime: Infinity,
  });
}

/** The configured exchange; the built-in default until the server has answered. */
export function useExchangeUrl(): string {
  return usePlatformInfo().data?.exchangeUrl ?? EXTERNAL_LINKS.exchange;
}
