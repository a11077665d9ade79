// The admin's Community treasure screen (spec section 2): total staked, the
// lock period with a tooltip and a shortcut to Settings, the admin's wallet,
// Re-deposit and Withdraw panels (each with its money facts before the
// consent, and why its button is disabled), and the open stakes a page at a
// time. A withdrawal is limited by the total staked, as the spec says, and by
// the pool the contract pays it from.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TOASTS, TOKEN, TOKEN_AMOUNT_INPUT_STEP } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { MoneyFacts } from '@/components/ui/money-facts';
import { PageSpinner, useAdminSession, WalletAddress } from '@/features/accounts';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { showApiError, showApiSuccess } from '@/lib/api-feedback';
import { formatAmount, formatDays, formatGetsAmount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBalances } from '../api/get-balances';
import {
  depositToTreasury,
  recordWithdrawal,
  useTreasury,
  withdrawFromTreasury,
} from '../api/treasury';
import { amountProblem, normalise } from '../lib/amounts';
import { withdrawLimit } from '../lib/withdraw-limit';
import { StakeTable } from './stake-table';
import { QueryError } from '@/components/ui/query-error';

export function CommunityTreasureScreen() {
  const treasury = useTreasury();
  const wallet = useBalances({ auth: 'admin' });
  const tooltipId = useId();
  if (treasury.isPending) return <PageSpinner />;
  if (treasury.isError) {
    return (
      <QueryError
        error={treasury.error}
        onRetry={treasury.refetch}
        isRetrying={treasury.isRefetching}
      />
    );
  }
  const data = treasury.data;
  return (
    <div className="flex flex-col gap-8">
      <h2 className="text-2xl font-bold text-slate-900">Community treasure</h2>
      <div className="grid grid-cols-3 gap-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-medium text-slate-600">Total staked</p>
          <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
            {formatAmount(data.totalStaked)}{' '}
            <span className="text-base text-slate-500">{TOKEN.symbol}</span>
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
            Lock period
            <span className="group relative">
              <button
                type="button"
                aria-describedby={tooltipId}
                aria-label="About the lock period"
                className="grid size-5 place-items-center rounded-full border border-slate-300 text-xs font-bold text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                i
              </button>
              <span
                id={tooltipId}
                role="tooltip"
                className="invisible absolute top-7 left-0 z-10 w-64 rounded-lg bg-slate-900 p-3 text-xs font-normal text-white group-focus-within:visible group-hover:visible"
              >
                How many days a new stake stays locked before its owner can unstake it. Stakes keep
                the lock period in force when they were made.
              </span>
            </span>
          </p>
          <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
            {formatDays(data.lockPeriod)}
          </p>
          <Link
            to="/dashboard?menu=settings"
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            Change in Settings
          </Link>
        </div>
        <div className="rounded-2xl bg-brand-950 p-6 text-white shadow-sm">
          <p className="text-sm font-medium text-brand-200">Your wallet</p>
          <p className="mt-2 text-3xl font-bold tabular-nums">
            {wallet.data ? formatAmount(wallet.data.userBalance) : '–'}{' '}
            <span className="text-base text-brand-200">{TOKEN.symbol}</span>
          </p>
          <div className="mt-3">
            <WalletAddress address={wallet.data?.account ?? null} short />
          </div>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <RedepositPanel walletBalance={wallet.data?.userBalance} />
        <WithdrawPanel
          pool={data.treasuryBalance}
          totalStaked={data.totalStaked}
          walletBalance={wallet.data?.userBalance}
        />
      </div>
      <StakeTable />
    </div>
  );
}

function RedepositPanel({ walletBalance }: { walletBalance: string | undefined }) {
  const deposit = useChainAction({ auth: 'admin', title: 'Re-deposit GETS' });
  const [amount, setAmount] = useState('');
  const hintId = useId();
  const problem = deposit.isRunning
    ? 'Wait until this re-deposit is on its way.'
    : walletBalance === undefined
      ? 'Reading your wallet balance...'
      : amountProblem(amount, walletBalance);
  const ok = problem === null;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ok) return;
    const value = normalise(amount);
    try {
      const final = await deposit.run((consentToken) => depositToTreasury(value, consentToken));
      if (final.status === 'COMPLETED') {
        toast.success(
          `${formatAmount(value)} ${TOKEN.symbol} re-deposited into the Community Treasure!`,
        );
        setAmount('');
      } else {
        toast.error(TOASTS.error.generic);
      }
    } catch (error) {
      if (isStillProcessing(error)) setAmount('');
      else if (!isCancelled(error)) toast.error(TOASTS.error.generic);
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="redeposit-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id="redeposit-heading" className="font-semibold text-slate-900">
        Re-deposit
      </h3>
      <p className="text-sm text-slate-600">
        Move {TOKEN.symbol} from your wallet back into the treasury.
      </p>
      <TextField
        label="Re-deposit amount"
        type="number"
        inputMode="decimal"
        min={0}
        step={TOKEN_AMOUNT_INPUT_STEP}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <MoneyFacts
        label="What re-depositing does to your wallet"
        balance={walletBalance}
        amount={amount}
        amountLabel="Amount to re-deposit"
        feeLabel="Fee (the platform pays the network fee)"
        totalLabel="Total leaving your wallet"
        afterLabel="Your wallet after"
      />
      <button
        type="submit"
        disabled={!ok}
        aria-describedby={problem ? hintId : undefined}
        className={`${buttonStyles.primary} self-start`}
      >
        Re-deposit
      </button>
      <DisabledReason id={hintId} reason={problem} />
    </form>
  );
}

function WithdrawPanel({
  pool,
  totalStaked,
  walletBalance,
}: {
  pool: string;
  totalStaked: string;
  walletBalance: string | undefined;
}) {
  const admin = useAdminSession();
  const hintId = useId();
  const limit = withdrawLimit(totalStaked, pool);
  const withdraw = useChainAction({ auth: 'admin', title: 'Withdraw GETS' });
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const close = () => {
    setOpen(false);
    setAmount('');
  };
  // The spec: Withdraw submits only a non-empty amount not above the total
  // staked (and the pool, which pays it); else it just closes.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (amountProblem(amount, limit.amount) !== null || !admin) {
      close();
      return;
    }
    const value = normalise(amount);
    close();
    try {
      const final = await withdraw.run((consentToken) => withdrawFromTreasury(value, consentToken));
      if (final.status !== 'COMPLETED') {
        toast.error(TOASTS.error.generic);
        return;
      }
      const recorded = await recordWithdrawal({ userId: admin.adminDetails._id, amount: value });
      if (recorded.success) showApiSuccess(recorded);
      else showApiError(recorded);
    } catch (error) {
      if (!isCancelled(error) && !isStillProcessing(error)) toast.error(TOASTS.error.generic);
    }
  };
  return (
    <section
      aria-labelledby="withdraw-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id="withdraw-heading" className="font-semibold text-slate-900">
        Withdraw
      </h3>
      <p className="text-sm text-slate-600">
        The treasury holds <strong className="tabular-nums">{formatGetsAmount(pool)}</strong>{' '}
        besides the stakes, which only their owners can take out. A withdrawal is at most the total
        staked (<span className="tabular-nums">{formatGetsAmount(totalStaked)}</span>) and what the
        pool holds: up to <strong className="tabular-nums">{formatGetsAmount(limit.amount)}</strong>{' '}
        now.
      </p>
      <button
        type="button"
        disabled={withdraw.isRunning}
        aria-describedby={withdraw.isRunning ? hintId : undefined}
        onClick={() => setOpen(true)}
        className={`${buttonStyles.primary} self-start`}
      >
        Withdraw
      </button>
      <DisabledReason
        id={hintId}
        reason={withdraw.isRunning ? 'Wait until this withdrawal is on its way.' : null}
      />
      <Modal open={open} title="Enter the amount to be withdrawn" onClose={close} size="sm">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <TextField
            label="Amount to withdraw"
            type="number"
            inputMode="decimal"
            min={0}
            step={TOKEN_AMOUNT_INPUT_STEP}
            value={amount}
            hint={`At most ${formatGetsAmount(limit.amount)} (${limit.reason})`}
            onChange={(event) => setAmount(event.target.value)}
            data-autofocus
          />
          <MoneyFacts
            label="What withdrawing does to your wallet"
            balance={walletBalance}
            amount={amount}
            direction="receive"
            balanceLabel="Your wallet"
            amountLabel="Amount to withdraw"
            feeLabel="Fee (the platform pays the network fee)"
            totalLabel="Total coming to your wallet"
            afterLabel="Your wallet after"
          />
          <button type="submit" className={buttonStyles.primary}>
            Withdraw
          </button>
        </form>
      </Modal>
    </section>
  );
}
