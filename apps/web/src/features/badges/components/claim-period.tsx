// The claim period as a badge's viewer reads it before any approval (decision
// 0067): an approved earner may claim until their approval plus the platform's
// claim period (the contract's rule), whatever the badge's own dates say; so
// before approval the screens give the window ("10 days from approval"), and
// after it the application's own deadline.
import { usePlatformInfo } from '@/features/tokens';
import { formatDays } from '@/lib/format';

/** The platform's claim period in days (GET /platform), null until known. */
export function useClaimPeriodDays(): number | null {
  return usePlatformInfo().data?.claimPeriod ?? null;
}

/** "10 days from approval"; "–" until the period is known. */
export function ClaimPeriodText() {
  const days = useClaimPeriodDays();
  return <>{days === null ? '–' : `${formatDays(days)} from approval`}</>;
}

/** What the badge's two dates mean, said where they are shown in full. */
export const BADGE_DATES_NOTE =
  'Applications close at the batch expiry, or at the expiry if that comes first. Once approved, an earner can claim for the claim period from their approval, whatever these dates say.';
