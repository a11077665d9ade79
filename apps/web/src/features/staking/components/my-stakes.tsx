// My stakes (beyond the spec): each stake's amount, when it was made and when
// it unlocks (the lock period in force then); Unstake once unlocked.
import { useId } from 'react';
import { TOKEN, type MyStake } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { useChainAction } from '@/features/custody';
import { useNow } from '@/hooks/use-now';
import { formatAmount, formatDateTime as when } from '@/lib/format';
import { toast } from '@/lib/toast';
import { unstakeTokens, useMyStakes } from '../api/stake';
import { QueryError } from '@/components/ui/query-error';
import { EmptyState } from '@/components/ui/empty-state';

export function MyStakes() {
  const stakes = useMyStakes();
  return (
    <section aria-labelledby="my-stakes" className="mt-10">
      <h2 id="my-stakes" className="text-xl font-bold text-slate-900">
        My stakes
      </h2>
      {stakes.isError && (
        <QueryError
          error={stakes.error}
          onRetry={stakes.refetch}
          isRetrying={stakes.isRefetching}
          className="py-4"
        />
      )}
      {stakes.data?.length === 0 && (
        <div className="mt-3">
          <EmptyState>You have not staked any {TOKEN.symbol} yet.</EmptyState>
        </div>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {stakes.data?.map((stake) => (
          <StakeRow key={stake.onChainId} stake={stake} />
        ))}
      </ul>
    </section>
  );
}

function StakeRow({ stake }: { stake: MyStake }) {
  const unstake = useChainAction({ auth: 'user', title: 'Unstake GETS' });
  const now = useNow();
  const unlocked = Date.parse(stake.unlockAt) <= now;
  const lockId = useId();
  const run = async () => {
    try {
      const final = await unstake.run((consentToken) =>
        unstakeTokens(stake.onChainId, consentToken),
      );
      if (final.status === 'COMPLETED') {
        toast.success(`${formatAmount(stake.amount)} ${TOKEN.symbol} unstaked to your wallet!`);
      }
    } catch {
      // A cancel changes nothing; any other failure was toasted by the consent flow.
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white px-5 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">
          {formatAmount(stake.amount)} {TOKEN.symbol}{' '}
          <span className="text-sm font-normal text-slate-500">
            · stake #{stake.onChainId.padStart(2, '0')}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          Staked {when(stake.createdAt)} ·{' '}
          {stake.withdrawnAt ? (
            `Unstaked ${when(stake.withdrawnAt)}`
          ) : (
            <span id={lockId}>
              {unlocked
                ? `Unlocked since ${when(stake.unlockAt)}`
                : `Locked until ${when(stake.unlockAt)}`}
            </span>
          )}
        </p>
      </div>
      {!stake.withdrawnAt && (
        <button
          type="button"
          disabled={!unlocked || unstake.isRunning}
          onClick={() => void run()}
          aria-label={`Unstake stake #${stake.onChainId.padStart(2, '0')}`}
          aria-describedby={unlocked ? undefined : lockId}
          className={buttonStyles.outline}
        >
          Unstake
        </button>
      )}
    </li>
  );
}
