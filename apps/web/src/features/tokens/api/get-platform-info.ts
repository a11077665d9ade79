// GET /platform: what the web app reads at run time, above all the exchange
// the GET TOKENS links open (EXCHANGE_URL on the server).
import { EXTERNAL_LINKS } from '@gets/schema';
import { usePlatformInfo } from '@/lib/platform-info';

// The query itself lives in lib/, where the accounts feature reads it too.
export { usePlatformInfo };

/** The configured exchange; the built-in default until the server has answered. */
export function useExchangeUrl(): string {
  return usePlatformInfo().data?.exchangeUrl ?? EXTERNAL_LINKS.exchange;
}
