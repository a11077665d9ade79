// What publishing a badge costs the sponsor, before the consent (spec section
// 5: badges x tokens + the 9 GETS fee): the wallet balance, the rewards held
// in escrow, the creation fee, the total and what the wallet holds after.
import { BADGE_CREATION_FEE_GETS, TOKEN, formatGets, parseGetsAmount } from '@gets/schema';
import { MoneyFacts } from '@/components/ui/money-facts';
import { formatAmount, formatNumber } from '@/lib/format';

/** The rewards escrowed at publish: tokens per badge x badges, exactly; null until both are valid. */
export function escrowOf(tokens: string | null, badges: number | null): string | null {
  if (tokens === null || badges === null || !Number.isInteger(badges) || badges < 1) return null;
  const reward = parseGetsAmount(tokens);
  return reward.ok ? formatGets(reward.units * BigInt(badges)) : null;
}

export function PublishCosts({
  balance,
  tokens,
  badges,
}: {
  balance: string | undefined;
  /** Tokens per badge (GETS), null while not valid. */
  tokens: string | null;
  /** Number of badges, null while not valid. */
  badges: number | null;
}) {
  const escrow = escrowOf(tokens, badges);
  return (
    <MoneyFacts
      label="What publishing costs"
      balance={balance}
      amount={escrow}
      fee={String(BADGE_CREATION_FEE_GETS)}
      balanceLabel="Your balance"
      amountLabel="Rewards held in escrow"
      feeLabel="Badge creation fee"
      totalLabel="Total to publish"
      afterLabel="Your balance after"
      note={
        escrow !== null && tokens !== null && badges !== null
          ? `${formatNumber(badges)} ${badges === 1 ? 'badge' : 'badges'} x ${formatAmount(tokens)} ${TOKEN.symbol}, held in escrow until earners claim them, plus the ${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} fee.`
          : `Badges x tokens per badge, held in escrow until earners claim them, plus the ${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} fee.`
      }
    />
  );
}
