// A relay batch that goes wrong as a whole (too big for a block, reverted once
// mined, refused by the node, its nonce taken or its record lost) never costs
// its requests: each completes exactly once, alone or in a later batch.
// (The isolation of single bad rows is in isolation.test.ts.)
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { platformForwarderAbi, signForwardRequest } from '@gets/contracts';
import { chainActions } from '../../src/actions.ts';
import { insertBatch, takeNonce } from '../../src/chain/pipeline/relay-batch-repository.ts';
import {
  findTransaction,
  insertQueuedTransaction,
  markSent,
} from '../../src/chain/pipeline/transaction-repository.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  forwarderNonce,
  fundWithGets,
  getsBalance,
  queueTransfers,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';
import { usersWithOneGets } from '../helpers/pipeline-processes.ts';
import type { ChainAction } from '../../src/actions.ts';

const SINK = privateKeyToAccount(ANVIL_DEV_KEYS[2]).address;

describe('a batch that fails as a whole', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ PIPELINE_RESEND_AFTER_MS: '200' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const setBlockGasLimit = (gas: bigint) =>
    platform.ctx.chain.publicClient.request({
      method: 'anvil_setBlockGasLimit' as never,
      params: [`0x${gas.toString(16)}`] as never,
    });

  it('is cut to what a block holds: small blocks take the rows in several batches, all complete once', async () => {
    const { ctx } = platform;
    const users: TestUser[] = [];
    for (let i = 0; i < 30; i++) users.push(await createTestUser(ctx));
    await fundWithGets(
      ctx,
      users.map((u) => u.address),
      '1',
    );
    const sinkBefore = await getsBalance(ctx, SINK);
    // Room for a few transfers per block, not thirty.
    const blockGasLimit = 400_000n;
    await setBlockGasLimit(blockGasLimit);
    try {
      const ids = await queueTransfers(ctx, users, SINK, '1');
      await waitUntilSettled(ctx, 60_000);
      for (const id of ids) expect((await findTransaction(ctx.db, id))!.status).toBe('COMPLETED');
      expect(await getsBalance(ctx, SINK)).toBe(sinkBefore + parseUnits('30', 18));
      const batches = await ctx.db.query<{ hash: `0x${string}` }>(
        `SELECT DISTINCT mined_hash AS hash FROM relay_batches
          WHERE id IN (SELECT batch_id FROM chain_transactions WHERE id = ANY($1::uuid[]))`,
        [ids],
      );
      expect(batches.length).toBeGreaterThan(3);
      for (const { hash } of batches) {
        const sent = await ctx.chain.publicClient.getTransaction({ hash });
        expect(sent.gas).toBeLessThanOrEqual(blockGasLimit);
      }
    } finally {
      await setBlockGasLimit(30_000_000n);
    }
  });

  it('a batch that reverts as a whole once mined has its rows sent alone, and they complete once', async () => {
    const { ctx } = platform;
    const users: TestUser[] = [];
    for (let i = 0; i < 3; i++) users.push(await createTestUser(ctx));
    await fundWithGets(
      ctx,
      users.map((u) => u.address),
      '1',
    );
    const sinkBefore = await getsBalance(ctx, SINK);
    // Signed with too little gas for its three requests: mined, and reverted as a whole.
    const { ids } = await queueTransfersInABatch(platform, users, { gas: 150_000n });
    await waitUntilSettled(ctx, 60_000);
    for (const id of ids) {
      const row = (await findTransaction(ctx.db, id))!;
      expect(row).toMatchObject({ status: 'COMPLETED', isolate: true });
    }
    expect(await getsBalance(ctx, SINK)).toBe(sinkBefore + parseUnits('3', 18));
  });

  it('a batch the node keeps refusing is cancelled (its nonce filled) and its rows complete alone', async () => {
    const { ctx } = platform;
    const users: TestUser[] = [];
    for (let i = 0; i < 3; i++) users.push(await createTestUser(ctx));
    await fundWithGets(
      ctx,
      users.map((u) => u.address),
      '1',
    );
    const sinkBefore = await getsBalance(ctx, SINK);
    // Signed while the blocks were large, refused once they shrank below the
    // batch's gas: the node will never take these bytes.
    const { ids, batchId } = await queueTransfersInABatch(platform, users, { gas: 40_000_000n });
    await waitUntilSettled(ctx, 60_000);
    for (const id of ids) expect((await findTransaction(ctx.db, id))!.status).toBe('COMPLETED');
    expect(await getsBalance(ctx, SINK)).toBe(sinkBefore + parseUnits('3', 18));
    const batches = await ctx.db.query<{ attempts: { kind?: string }[] }>(
      `SELECT attempts FROM relay_batches WHERE id IN
         (SELECT DISTINCT batch_id FROM chain_transactions WHERE id = ANY($1::uuid[]))`,
      [ids],
    );
    // The refused batch was cancelled: its cancelling transaction took its
    // nonce, after the node refused its bytes; the rows then went in batches of their own.
    const [refused] = await ctx.db.query<{ attempts: { kind?: string }[]; status: string }>(
      'SELECT attempts, status FROM relay_batches WHERE id = $1',
      [batchId],
    );
    expect(refused).toMatchObject({ status: 'MINED' });
    expect(refused!.attempts.map((a) => a.kind ?? 'send')).toEqual(['send', 'cancel']);
    expect(batches.every((b) => b.attempts.every((a) => a.kind !== 'cancel'))).toBe(true);
  });
});

describe('a batch that is not mined as sent', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({
      PIPELINE_RESEND_AFTER_MS: '200',
      PIPELINE_REPLACE_AFTER_MS: '1000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const batchOf = async (batchId: string) =>
    (
      await platform.ctx.db.query<{
        status: string;
        mined_hash: string | null;
        attempts: { hash: string; maxFeePerGas: string; kind?: string }[];
      }>('SELECT status, mined_hash, attempts FROM relay_batches WHERE id = $1', [batchId])
    )[0]!;

  const anvil = (method: string, params: unknown[] = []) =>
    platform.ctx.chain.publicClient.request({ method: method as never, params: params as never });

  /**
   * Three transfers in one batch whose nonce was filled as `nonceFilled` says,
   * settled; checks what holds either way (the batch UNRECORDED, each
   * transfer once) and answers the rows for what differs.
   */
  async function settleBatchWithNonceFilled(
    nonceFilled: 'by another transaction' | 'by these bytes, unrecorded',
  ) {
    const { ctx } = platform;
    const users = await usersWithOneGets(platform, 3);
    const sinkBefore = await getsBalance(ctx, SINK);
    const { ids, batchId } = await queueTransfersInABatch(platform, users, {
      gas: 500_000n,
      nonceFilled,
    });
    await waitUntilSettled(ctx, 60_000);
    expect((await batchOf(batchId)).status).toBe('UNRECORDED');
    expect(await getsBalance(ctx, SINK)).toBe(sinkBefore + parseUnits('3', 18));
    for (const user of users) expect(await forwarderNonce(ctx, user.address)).toBe(1n);
    const rows = await Promise.all(ids.map(async (id) => (await findTransaction(ctx.db, id))!));
    return { rows, batchId };
  }

  it('its nonce taken by another transaction: its requests, which never ran, go again and complete once', async () => {
    const { rows, batchId } = await settleBatchWithNonceFilled('by another transaction');
    for (const row of rows) {
      expect(row.status).toBe('COMPLETED');
      expect(row.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(row.batchId).not.toBe(batchId);
    }
  });

  it('its requests ran but the node has no record of the batch: they complete once, without a hash', async () => {
    const { rows, batchId } = await settleBatchWithNonceFilled('by these bytes, unrecorded');
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'COMPLETED', transactionHash: null, batchId });
    }
  });

  it('left unmined in the pool, it is replaced with higher fees and the replacement is mined', async () => {
    const { ctx } = platform;
    const users = await usersWithOneGets(platform, 2);
    const sinkBefore = await getsBalance(ctx, SINK);
    await anvil('evm_setAutomine', [false]);
    let ids: string[] = [];
    try {
      ids = await queueTransfers(ctx, users, SINK, '1');
      const until = Date.now() + 30_000;
      // An attempt is recorded before it is sent: wait until the node's pool
      // holds the replacement, or the block below could mine the first bytes.
      for (;;) {
        const [row] = await ctx.db.query<{ attempts: number; latest: string | null }>(
          `SELECT jsonb_array_length(rb.attempts) AS attempts, rb.attempts -> -1 ->> 'hash' AS latest
             FROM relay_batches rb
             JOIN chain_transactions ct ON ct.batch_id = rb.id WHERE ct.id = $1`,
          [ids[0]],
        );
        if (
          row?.latest &&
          Number(row.attempts) >= 2 &&
          (await anvil('eth_getTransactionByHash', [row.latest])) !== null
        ) {
          break;
        }
        if (Date.now() > until) throw new Error('no replacement was signed within 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await anvil('evm_setAutomine', [true]);
      await anvil('evm_mine');
    }
    await waitUntilSettled(ctx, 60_000);
    const rows = await Promise.all(ids.map((id) => findTransaction(ctx.db, id)));
    expect(rows.map((r) => r!.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const batch = await batchOf(rows[0]!.batchId!);
    const [first, replacement] = batch.attempts;
    expect(batch.status).toBe('MINED');
    expect(BigInt(replacement!.maxFeePerGas)).toBeGreaterThan(BigInt(first!.maxFeePerGas));
    expect(batch.mined_hash).toBe(batch.attempts.at(-1)!.hash);
    expect(await getsBalance(ctx, SINK)).toBe(sinkBefore + parseUnits('2', 18));
  });
});

/**
 * Queues transfers and records them in one relay batch signed with the given
 * gas: more than a block holds (as if the chain's gas limit had dropped after
 * signing: the node refuses the bytes every time), or too little for its
 * requests (it is mined and reverts as a whole).
 *
 * `nonceFilled`: before the batch is on record, the relayer's nonce is taken,
 * - 'by another transaction': an empty one of the relayer's (the batch's
 *   requests never run);
 * - 'by these bytes, unrecorded': the batch's own bytes, mined, while the
 *   record holds a hash the node does not know (as if it had lost the block
 *   but kept its state): its requests ran, and no receipt says so.
 */
async function queueTransfersInABatch(
  platform: TestPlatform,
  users: TestUser[],
  {
    gas,
    nonceFilled,
  }: { gas: bigint; nonceFilled?: 'by another transaction' | 'by these bytes, unrecorded' },
) {
  const { ctx } = platform;
  const ids = users.map(() => randomUUID());
  let batchId = '';
  const relayer = privateKeyToAccount(ctx.config.relayerPrivateKeys[0]!);
  const action = { type: 'transferTokens', to: SINK, amount: parseUnits('1', 18).toString() };
  // Queued, signed and recorded in one database transaction: no worker sees
  // the rows before they are in their batch.
  await ctx.db.transaction(async (tx) => {
    for (const [i, user] of users.entries()) {
      await insertQueuedTransaction(tx, {
        id: ids[i]!,
        ownerKind: 'user',
        ownerId: user.id,
        walletAddress: user.address,
        action: action as ChainAction,
        description: 'Send 1 GETS',
        consentTokenHash: randomBytes(32).toString('hex'),
      });
    }
    const deadline = Math.floor(Date.now() / 1000) + 3600;
    const signed = await ctx.keystore.withSigners(
      tx,
      users.map((u) => u.address),
      (signerOf) =>
        Promise.all(
          users.map(async (user) => {
            const nonce = await forwarderNonce(ctx, user.address);
            const [call] = await chainActions.encode(action as ChainAction, {
              contracts: ctx.contracts,
              wallet: user.address,
              permit: () => Promise.reject(new Error('a transfer signs no permit')),
            });
            return {
              nonce,
              call: call!,
              request: await signForwardRequest({
                account: signerOf(user.address),
                forwarder: ctx.contracts.forwarder,
                chainId: ctx.chain.chain.id,
                to: call!.to,
                data: call!.data,
                nonce,
                deadline,
                gas: call!.gas,
              }),
            };
          }),
        ),
    );
    const data = encodeFunctionData({
      abi: platformForwarderAbi,
      functionName: 'executeBatch',
      args: [signed.map((s) => s.request), relayer.address],
    });
    const fees = await ctx.chain.publicClient.estimateFeesPerGas();
    const nonce = await takeNonce(tx, relayer.address);
    const raw = await relayer.signTransaction({
      chainId: ctx.chain.chain.id,
      type: 'eip1559',
      to: ctx.contracts.forwarder,
      data,
      gas,
      nonce: Number(nonce),
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const send = (bytes: Hex) =>
      ctx.chain.publicClient.request({ method: 'eth_sendRawTransaction', params: [bytes] });
    if (nonceFilled === 'by another transaction') {
      await send(
        await relayer.signTransaction({
          chainId: ctx.chain.chain.id,
          type: 'eip1559',
          to: relayer.address,
          value: 0n,
          gas: 21_000n,
          nonce: Number(nonce),
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        }),
      );
    } else if (nonceFilled === 'by these bytes, unrecorded') {
      await send(raw);
    }
    batchId = randomUUID();
    await insertBatch(tx, {
      id: batchId,
      chainId: ctx.chain.chain.id,
      relayer: relayer.address,
      nonce,
      sender: 'test',
      attempt: {
        hash:
          nonceFilled === 'by these bytes, unrecorded'
            ? keccak256(randomBytes(32))
            : keccak256(raw),
        raw,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
        sentAt: new Date().toISOString(),
      },
    });
    await markSent(
      tx,
      signed.map((s, i) => ({
        id: ids[i]!,
        batchId,
        forwarderNonce: s.nonce,
        calls: [{ to: s.call.to, data: s.call.data, gas: s.call.gas.toString() }],
      })),
    );
  });
  return { ids, batchId };
}
