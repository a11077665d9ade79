// /stake, "Community Treasure" (spec section 2): Total Staked, My Balance and
// My Staking from the chain; an amount with Max and Stake (disabled for an
// empty, zero or above-balance amount); "Waiting for approval..." while the
// consent is open, then "Waiting for staking..." until the chain has it; the
// stake recorded by its id from the chain. Beyond the spec: before the
// consent, the money facts (balance, amount, fee, total, after), the lock
// period and the date a stake made now unlocks, and why Stake is disabled;
// My stakes, each with its unlock date and Unstake once unlocked.
import { useId, useState, type FormEvent } from 'react';
import { TOASTS, TOKEN, TOKEN_AMOUNT_INPUT_STEP } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { TextField } from '@/components/ui/form-field';
import { MoneyFacts } from '@/components/ui/money-facts';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { useNow } from '@/hooks/use-now';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { formatAmount, formatDate, formatDays } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBalances } from '../api/get-balances';
import { recordStake, stakeTokens } from '../api/stake';
import { amountProblem, normalise } from '../lib/amounts';
import { MyStakes } from './my-stakes';

const DAY_MS = 24 * 60 * 60 * 1000;

type Phase = 'idle' | 'approval' | 'staking';
const PHASE_TEXT: Record<Exclude<Phase, 'idle'>, string> = {
  approval: 'Waiting for approval...',
  staking: 'Waiting for staking...',
};

export function StakePage({ user }: { user: { _id: string; email: string } }) {
  const balances = useBalances({ auth: 'user' });
  const chain = useChainAction({ auth: 'user', title: 'Stake GETS' });
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const now = useNow();
  const hintId = useId();
  const balance = balances.data?.userBalance;
  const lockPeriod = balances.data?.lockPeriod;
  const problem =
    phase !== 'idle'
      ? 'Wait until this stake is on its way.'
      : balance === undefined
        ? 'Reading your balance...'
        : amountProblem(amount, balance);
  const canStake = problem === null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canStake) return;
    const body = { email: user.email, amount: normalise(amount) };
    setPhase('approval');
    try {
      const final = await chain.run(async (consentToken) => {
        const result = await stakeTokens(body, consentToken);
        // The consent given and the stake queued: the amount is approved.
        if (consentToken && result.success) {
          toast.success(TOASTS.success.stakeApproved);
          setPhase('staking');
        }
        return result;
      });
      if (final.status !== 'COMPLETED') {
        toast.error(TOASTS.error.generic);
        return;
      }
      const staked = final.events.find((e) => e.eventName === 'Staked');
      const recorded = await recordStake({
        userId: user._id,
        amount: body.amount,
        onChainId: String(staked?.args.stakeId ?? ''),
      });
      if (recorded.success) {
        showApiSuccess(recorded);
        setAmount('');
      } else {
        showApiError(recorded);
      }
    } catch (error) {
      // Still processing: not a failure, and the amount is on its way.
      if (isStillProcessing(error)) setAmount('');
      else if (!isCancelled(error)) toast.error(TOASTS.error.generic);
    } finally {
      setPhase('idle');
    }
  };

  const card = (label: string, value: string | undefined) => (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
        {value === undefined ? '–' : formatAmount(value)}{' '}
        <span className="text-base font-semibold text-slate-500">{TOKEN.symbol}</span>
      </p>
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Community Treasure</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        {card('Total Staked', balances.data?.totalStakingBalance)}
        {card('My Balance', balances.data?.userBalance)}
        {card('My Staking', balances.data?.stakingBalance)}
      </div>
      <p className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-sm text-amber-950">
        <strong>Lock period: {lockPeriod === undefined ? '…' : formatDays(lockPeriod)}.</strong>{' '}
        Staked {TOKEN.symbol} stay locked for the lock period set by the administrators; you can
        unstake them only after it.
        {lockPeriod !== undefined && (
          <> A stake made now unlocks on {formatDate(now + lockPeriod * DAY_MS)}.</>
        )}
      </p>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="mt-8 flex flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <TextField
            label="Amount"
            type="number"
            inputMode="decimal"
            min={0}
            step={TOKEN_AMOUNT_INPUT_STEP}
            value={amount}
            disabled={phase !== 'idle'}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <button
          type="button"
          disabled={balance === undefined || phase !== 'idle'}
          onClick={() => setAmount(balance ?? '')}
          className={buttonStyles.outline}
        >
          Max
        </button>
        <button
          type="submit"
          disabled={!canStake}
          aria-describedby={problem ? hintId : undefined}
          className={buttonStyles.primary}
        >
          Stake
        </button>
      </form>
      <DisabledReason id={hintId} reason={problem} className="mt-2" />
      <MoneyFacts
        label="What staking does to your wallet"
        className="mt-4"
        balance={balance}
        amount={amount}
        amountLabel="Amount to stake"
        feeLabel="Fee (the platform pays the network fee)"
        totalLabel="Total leaving your wallet"
        afterLabel="Your balance after"
      />
      {phase !== 'idle' && (
        <p role="status" className="mt-3 text-sm font-medium text-brand-800">
          {PHASE_TEXT[phase]}
        </p>
      )}
      <MyStakes />
    </div>
  );
}
