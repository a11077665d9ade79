// The earner's badges on their dashboard: each claimed badge's card (opening
// the details modal) with its Open Badges credential's actions (or that it
// was revoked, when and why), or "You have
// not earned any badges yet!".
import { EMPTY_STATES, type ApplicationWithBadge } from '@gets/schema';
import { BadgeCard } from '@/features/badges';
import { useMyCredentials } from '@/features/credentials';
import { HeldCredential } from './held-credential';
import { EmptyState } from '@/components/ui/empty-state';

export function EarnedBadges({ awards }: { awards: ApplicationWithBadge[] }) {
  const credentials = useMyCredentials({ enabled: awards.length > 0 });
  return (
    <section aria-labelledby="earned-badges-heading">
      <h2 id="earned-badges-heading" className="mb-4 text-xl font-bold text-slate-900">
        My Badges
      </h2>
      {awards.length === 0 ? (
        <EmptyState>{EMPTY_STATES.noBadgesEarned}</EmptyState>
      ) : (
        <ul aria-label="My badges" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {awards.map((award) => {
            const credential = credentials.data?.find((c) => c.awardId === award._id);
            return (
              <li key={award._id} className="space-y-3">
                <div className="max-w-56">
                  <BadgeCard badge={award.badge} />
                </div>
                {credential && <HeldCredential credential={credential} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
