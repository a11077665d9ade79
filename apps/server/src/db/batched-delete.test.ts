// A pruning job's batches: as many as it takes, none after a short one.
import { describe, expect, it } from 'vitest';
import { deleteInBatches } from './batched-delete.ts';

/** A table of `rows` rows whose delete statement takes at most `limit` a call. */
function table(rows: number) {
  const limits: number[] = [];
  return {
    limits,
    deleteBatch: async (limit: number) => {
      limits.push(limit);
      const deleted = Math.min(limit, rows);
      rows -= deleted;
      return deleted;
    },
  };
}

describe('deleteInBatches', () => {
  it('deletes batch after batch until one comes up short, and answers the total', async () => {
    const t = table(2_500);
    expect(await deleteInBatches(t.deleteBatch, 1_000)).toBe(2_500);
    expect(t.limits).toEqual([1_000, 1_000, 1_000]);
  });

  it('asks once more after a full last batch, and once for an empty table', async () => {
    const full = table(2_000);
    expect(await deleteInBatches(full.deleteBatch, 1_000)).toBe(2_000);
    expect(full.limits).toHaveLength(3);
    const empty = table(0);
    expect(await deleteInBatches(empty.deleteBatch, 1_000)).toBe(0);
    expect(empty.limits).toHaveLength(1);
  });
});
