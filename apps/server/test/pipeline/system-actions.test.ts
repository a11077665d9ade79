// The platform's own wallet runs the chain actions no person consents to, once
// per key, through the same pipeline as everyone's.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRegistryAbi } from '@gets/contracts';
import {
  ensureSystemWallet,
  queueSystemAction,
  SYSTEM_OWNER,
} from '../../src/custody/system-wallet.ts';
import { findTransaction } from '../../src/chain/pipeline/transaction-repository.ts';
import { waitUntilSettled } from '../helpers/accounts.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

describe('system actions', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('the start creates one system wallet, and a later start keeps it', async () => {
    const { ctx } = platform;
    const wallet = await ctx.keystore.walletOf(ctx.db, SYSTEM_OWNER);
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await ensureSystemWallet(ctx.db, ctx.keystore)).toBe(wallet);
  });

  it('queues an action once per key and runs it from the system wallet', async () => {
    const { ctx } = platform;
    const action = { type: 'registerUser' } as const;
    const first = await queueSystemAction(
      chainActions,
      ctx.db,
      ctx.keystore,
      action,
      'register-system-wallet',
    );
    const again = await queueSystemAction(
      chainActions,
      ctx.db,
      ctx.keystore,
      action,
      'register-system-wallet',
    );
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    await waitUntilSettled(ctx);
    const done = (await findTransaction(ctx.db, first!))!;
    expect(done).toMatchObject({ status: 'COMPLETED', ownerKind: 'system' });
    const wallet = (await ctx.keystore.walletOf(ctx.db, SYSTEM_OWNER))!;
    const userId = await ctx.chain.publicClient.readContract({
      address: ctx.contracts.registry,
      abi: userRegistryAbi,
      functionName: 'userIdOf',
      args: [wallet],
    });
    expect(userId).toBeGreaterThan(0n);
  });
});
