// Relayers that run out of gas money, on a real chain: a relayer without funds
// leaves the rotation at once and every transaction completes through the
// other, with health degraded naming the dry one; with none able to pay,
// health is down; a relayer topped up comes back. A batch the node refuses for
// the relayer's funds (signed while it could still pay) goes back to the queue
// with its nonce, and another relayer carries it.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFunctionData, keccak256, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { healthResponseSchema, type HealthData } from '@gets/schema';
import { platformForwarderAbi, signForwardRequest } from '@gets/contracts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { chainActions, type ChainAction } from '../../src/actions.ts';
import {
  ensureRelayer,
  insertBatch,
  takeNonce,
} from '../../src/chain/pipeline/relay-batch-repository.ts';
import {
  insertQueuedTransaction,
  markSent,
} from '../../src/chain/pipeline/transaction-repository.ts';
import { startPipelineWorker } from '../helpers/pipeline-processes.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  forwarderNonce,
  getsBalance,
  queueTransfers,
  waitUntilSettled,
  type TestUser,
} from '../helpers/accounts.ts';

const FUNDED = privateKeyToAccount(ANVIL_DEV_KEYS[1]);

async function setBalance(platform: TestPlatform, address: Address, wei: bigint) {
  await platform.ctx.chain.publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${wei.toString(16)}`] as never,
  });
}

async function health(
  platform: TestPlatform,
): Promise<{ status: number; body: { message: string; data: HealthData } }> {
  const response = await platform.request('/gs-api/health');
  return { status: response.status, body: healthResponseSchema.parse(await response.json()) };
}

/** Waits (up to the funds job's few seconds and more) until health says what `check` wants. */
async function healthUntil(
  platform: TestPlatform,
  check: (h: Awaited<ReturnType<typeof health>>) => boolean,
) {
  return vi.waitFor(
    async () => {
      const answer = await health(platform);
      if (!check(answer)) throw new Error(`health not there yet: ${answer.body.message}`);
      return answer;
    },
    { timeout: 20_000, interval: 250 },
  );
}

describe('a relayer without funds', () => {
  let platform: TestPlatform;
  const dryKey = generatePrivateKey();
  const dry = privateKeyToAccount(dryKey);
  let users: TestUser[];
  let sink: TestUser;

  beforeAll(async () => {
    platform = await startTestPlatform({
      RELAYER_PRIVATE_KEYS: `${ANVIL_DEV_KEYS[1]},${dryKey}`,
    });
    users = [];
    for (let i = 0; i < 8; i++) users.push(await createTestUser(platform.ctx, { gets: '3' }));
    sink = await createTestUser(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('leaves the rotation: every transfer completes through the other, health names the dry one', async () => {
    const { ctx } = platform;
    await queueTransfers(ctx, users, sink.address, '1');
    await waitUntilSettled(ctx);
    expect(await getsBalance(ctx, sink.address)).toBe(parseUnits('8', 18));
    const relayers = await ctx.db.query<{ relayer: string }>(
      `SELECT DISTINCT relayer FROM relay_batches WHERE status = 'MINED'`,
    );
    expect(relayers).toEqual([{ relayer: FUNDED.address }]);

    const { status, body } = await healthUntil(platform, (h) =>
      h.body.data.relayers.relayers.some((r) => r.address === dry.address && !r.inRotation),
    );
    expect(status).toBe(200);
    expect(body.data.status).toBe('degraded');
    expect(body.data.relayers.status).toBe('degraded');
    const dryView = body.data.relayers.relayers.find((r) => r.address === dry.address)!;
    expect(dryView).toMatchObject({ balance: '0 POL', inRotation: false, lowBalance: true });
    expect(body.message).toContain(
      `Some systems are degraded: relayers (relayer ${dry.address} cannot pay for gas (balance 0 POL)`,
    );
    expect(body.message).toContain('their work goes to the others');
    const funded = body.data.relayers.relayers.find((r) => r.address === FUNDED.address)!;
    expect(funded).toMatchObject({ inRotation: true, lowBalance: false });

    const metrics = await (await platform.request('/gs-api/metrics')).text();
    expect(metrics).toContain(`gets_relayer_in_rotation{relayer="${dry.address}"} 0`);
    expect(metrics).toContain(`gets_relayer_in_rotation{relayer="${FUNDED.address}"} 1`);
    expect(metrics).toContain(`gets_relayer_balance{relayer="${dry.address}"} 0`);
    expect(metrics).toMatch(
      new RegExp(`^gets_relayer_pending_batches\\{relayer="${FUNDED.address}"\\} \\d+$`, 'm'),
    );
  });

  it('is down when no relayer can pay, and a relayer topped up comes back and carries the waiting work', async () => {
    const { ctx } = platform;
    await setBalance(platform, FUNDED.address, 0n);
    const [waiting] = await queueTransfers(ctx, [users[0]!], sink.address, '1');
    const down = await healthUntil(platform, (h) => h.status === 503);
    expect(down.body.data.relayers.status).toBe('down');
    expect(down.body.message).toContain('relayers (no relayer can pay for gas:');
    const [row] = await ctx.db.query<{ status: string }>(
      'SELECT status FROM chain_transactions WHERE id = $1',
      [waiting],
    );
    expect(row!.status).toBe('QUEUED');

    await setBalance(platform, dry.address, parseEther('10'));
    await waitUntilSettled(ctx);
    const [done] = await ctx.db.query<{ status: string; relayer: string }>(
      `SELECT t.status, b.relayer FROM chain_transactions t JOIN relay_batches b ON b.id = t.batch_id
        WHERE t.id = $1`,
      [waiting],
    );
    expect(done).toEqual({ status: 'COMPLETED', relayer: dry.address });
    const back = await healthUntil(platform, (h) =>
      h.body.data.relayers.relayers.some((r) => r.address === dry.address && r.inRotation),
    );
    expect(back.status).toBe(200);
  });
});

describe('a batch the node refuses for the relayer’s funds', () => {
  let platform: TestPlatform;
  let user: TestUser;
  let sink: TestUser;

  beforeAll(async () => {
    // No worker of its own: the test signs a batch as a relayer that could still pay, then
    // empties the relayer before the bytes reach the node.
    platform = await startTestPlatform({ MODE: 'api', PIPELINE_RESEND_AFTER_MS: '200' });
    user = await createTestUser(platform.ctx, { gets: '3' });
    sink = await createTestUser(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** A transfer queued, signed into a batch of FUNDED and recorded, never sent. */
  async function signedButUnsent() {
    const { ctx } = platform;
    const chainId = ctx.chain.chain.id;
    const chainNonce = await ctx.chain.publicClient.getTransactionCount({
      address: FUNDED.address,
      blockTag: 'pending',
    });
    await ensureRelayer(ctx.db, FUNDED.address, chainId, chainNonce);
    const id = randomUUID();
    const batchId = randomUUID();
    const action = {
      type: 'transferTokens',
      to: sink.address,
      amount: parseUnits('1', 18).toString(),
    } as ChainAction;
    const nonce = await ctx.db.transaction(async (tx) => {
      await insertQueuedTransaction(tx, {
        id,
        ownerKind: 'user',
        ownerId: user.id,
        walletAddress: user.address,
        action,
        description: 'Send 1 GETS',
        consentTokenHash: randomBytes(32).toString('hex'),
      });
      const forwarder = await forwarderNonce(ctx, user.address);
      const [call] = await chainActions.encode(action, {
        contracts: ctx.contracts,
        wallet: user.address,
        permit: () => Promise.reject(new Error('a transfer signs no permit')),
      });
      const request = await ctx.keystore.withSigners(tx, [user.address], (signerOf) =>
        signForwardRequest({
          account: signerOf(user.address),
          forwarder: ctx.contracts.forwarder,
          chainId,
          to: call!.to,
          data: call!.data,
          nonce: forwarder,
          deadline: Math.floor(Date.now() / 1000) + 3600,
          gas: call!.gas,
        }),
      );
      const fees = await ctx.chain.publicClient.estimateFeesPerGas();
      const relayerNonce = await takeNonce(tx, FUNDED.address);
      const raw = await FUNDED.signTransaction({
        chainId,
        type: 'eip1559',
        to: ctx.contracts.forwarder,
        data: encodeFunctionData({
          abi: platformForwarderAbi,
          functionName: 'executeBatch',
          args: [[request], FUNDED.address],
        }),
        gas: 300_000n,
        nonce: Number(relayerNonce),
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      await insertBatch(tx, {
        id: batchId,
        chainId,
        relayer: FUNDED.address,
        nonce: relayerNonce,
        sender: 'test',
        gasLimit: 300_000n,
        attempt: {
          hash: keccak256(raw),
          raw,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
          sentAt: new Date().toISOString(),
        },
      });
      await markSent(tx, [
        {
          id,
          batchId,
          forwarderNonce: forwarder,
          calls: [{ to: call!.to, data: call!.data, gas: call!.gas.toString() }],
        },
      ]);
      return relayerNonce;
    });
    return { id, batchId, nonce };
  }

  it('goes back to the queue with its nonce, and the other relayer carries it once', async () => {
    const { ctx } = platform;
    const { id, batchId, nonce } = await signedButUnsent();
    await setBalance(platform, FUNDED.address, 0n);

    const worker = await startPipelineWorker(platform);
    try {
      await waitUntilSettled(ctx, 30_000);
    } finally {
      await worker.stop();
    }
    const [batch] = await ctx.db.query<{ status: string }>(
      'SELECT status FROM relay_batches WHERE id = $1',
      [batchId],
    );
    expect(batch!.status).toBe('ABANDONED');
    const [row] = await ctx.db.query<{ status: string; relayer: string; attempts: number }>(
      `SELECT t.status, b.relayer, t.attempts FROM chain_transactions t
         JOIN relay_batches b ON b.id = t.batch_id WHERE t.id = $1`,
      [id],
    );
    expect(row).toEqual({
      status: 'COMPLETED',
      relayer: privateKeyToAccount(ANVIL_DEV_KEYS[2]).address,
      attempts: 1,
    });
    expect(await getsBalance(ctx, sink.address)).toBe(parseUnits('1', 18));
    // The abandoned batch's nonce is the relayer's next again: no gap holds its later transactions.
    const [relayer] = await ctx.db.query<{ next_nonce: string; unpaid: boolean }>(
      `SELECT next_nonce::text, unpaid_since IS NOT NULL AS unpaid FROM relayers WHERE address = $1`,
      [FUNDED.address],
    );
    expect(relayer).toEqual({ next_nonce: nonce.toString(), unpaid: true });
    // Out of the rotation, by the worker's balance read or by the node's refusal, whichever came first.
    const { body } = await health(platform);
    expect(body.data.relayers.relayers.find((r) => r.address === FUNDED.address)?.note).toMatch(
      /^relayer 0x[0-9a-fA-F]{40} cannot pay for gas \(balance 0 POL\): /,
    );
  });
});
