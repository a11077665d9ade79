// Pruning a table a batch at a time: each statement deletes at most `limit`
// rows, so a job holds no long lock over a table that requests write to.

/** Runs `deleteBatch` until one deletes fewer than `limit` rows; answers how many in all. */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await deleteBatch(limit);
    deleted += batch;
    if (batch < limit) return deleted;
  }
}
