// GET /platform: what the web app reads at run time (the exchange of GET
// TOKENS, the chain, the token, the treasury, whether mail goes to the
// outbox), read once a page load. Here, below the features, so every feature
// can read it (the tokens feature's links, the accounts feature's OTP hint).
import { useQuery } from '@tanstack/react-query';
import type { PlatformInfo } from '@gets/schema';
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

/**
 * Whether one-time codes go to the embedded outbox (no SMTP_URL): the server
 * then prints each code in the terminal where it runs, and no mail is sent.
 * False until the server has answered.
 */
export function useMailOutbox(): boolean {
  return usePlatformInfo().data?.mailOutbox === true;
}
