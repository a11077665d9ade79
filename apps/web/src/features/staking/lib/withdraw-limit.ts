// How much the admin may withdraw from the Community Treasure: the spec's
// limit is the total staked ("Withdraw submits only if the amount is ... not
// above the total staked"); the contract pays a withdrawal from the pool (the
// GETS above the stakes), so the pool bounds it too. The smaller one applies.
import { unitsOfGets } from '@gets/schema';

export function withdrawLimit(
  totalStaked: string,
  pool: string,
): { amount: string; reason: string } {
  return unitsOfGets(totalStaked) <= unitsOfGets(pool)
    ? { amount: totalStaked, reason: 'the total staked' }
    : { amount: pool, reason: 'what the pool holds' };
}
