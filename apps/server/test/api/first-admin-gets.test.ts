// A fresh platform can send GETS: the first admin's wallet receives
// FIRST_ADMIN_GETS from the treasury at the first start, exactly once, also
// when a start stopped between signing and sending, or when the signed
// transfer's nonce went to another transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import {
  allocateFirstAdminGets,
  FIRST_ADMIN_GETS_SETTING,
} from '../../src/modules/tokens/first-admin-allocation.ts';
import { getsBalance } from '../helpers/accounts.ts';
import { firstAdmin } from '../helpers/admin.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

describe('the first admin receives FIRST_ADMIN_GETS once', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof firstAdmin>>;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api', FIRST_ADMIN_GETS: '250.5' });
    admin = await firstAdmin(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const allocate = (units = parseUnits('250.5', 18)) =>
    allocateFirstAdminGets({
      db: platform.ctx.db,
      chain: platform.ctx.chain,
      contracts: platform.ctx.contracts,
      deployerPrivateKey: ANVIL_DEV_KEYS[0],
      units,
    });
  const record = async () =>
    JSON.parse(
      (
        await platform.ctx.db.query<{ value: string }>(
          'SELECT value FROM platform_settings WHERE key = $1',
          [FIRST_ADMIN_GETS_SETTING],
        )
      )[0]!.value,
    ) as { status: string; hash: string };

  it('sent the configured amount at the first start and recorded it', async () => {
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('250.5', 18));
    expect(await record()).toMatchObject({ status: 'done', hash: expect.stringMatching(/^0x/) });
  });

  it('a later start sends nothing', async () => {
    expect(await allocate()).toEqual({});
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('250.5', 18));
  });

  it('a start that stopped after recording the signed transfer sends those same bytes, once', async () => {
    await platform.ctx.db.query('DELETE FROM platform_settings WHERE key = $1', [
      FIRST_ADMIN_GETS_SETTING,
    ]);
    // Sign and record, as a start would, then "crash" before broadcasting: the
    // record is there, the transfer is not on chain.
    const treasury = createWalletClient({
      account: privateKeyToAccount(ANVIL_DEV_KEYS[0]),
      chain: platform.ctx.chain.chain,
      transport: http(platform.ctx.chain.rpcUrl),
    });
    const { encodeFunctionData, keccak256 } = await import('viem');
    const { getsTokenAbi } = await import('@gets/contracts');
    const request = await treasury.prepareTransactionRequest({
      to: platform.ctx.contracts.token,
      data: encodeFunctionData({
        abi: getsTokenAbi,
        functionName: 'transfer',
        args: [admin.account, parseUnits('1', 18)],
      }),
    });
    const raw = await treasury.signTransaction(request);
    await platform.ctx.db.query('INSERT INTO platform_settings (key, value) VALUES ($1, $2)', [
      FIRST_ADMIN_GETS_SETTING,
      JSON.stringify({
        status: 'sent',
        to: admin.account,
        units: parseUnits('1', 18).toString(),
        hash: keccak256(raw),
        raw,
        nonce: request.nonce,
      }),
    ]);
    const [first, second] = await Promise.all([allocate(), allocate()]);
    expect([first, second].filter((outcome) => outcome.sent).length).toBeGreaterThanOrEqual(1);
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('251.5', 18));
    expect(await record()).toMatchObject({ status: 'done', hash: keccak256(raw) });
    expect(await allocate()).toEqual({});
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('251.5', 18));
  });

  it('signs anew when the recorded nonce went to another transaction', async () => {
    await platform.ctx.db.query('UPDATE platform_settings SET value = $2 WHERE key = $1', [
      FIRST_ADMIN_GETS_SETTING,
      JSON.stringify({
        status: 'sent',
        to: admin.account,
        units: parseUnits('2', 18).toString(),
        hash: `0x${'12'.repeat(32)}`,
        raw: '0x00',
        nonce: 0,
      }),
    ]);
    const outcome = await allocate(parseUnits('2', 18));
    expect(outcome.sent).toMatchObject({ to: admin.account, amount: '2' });
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('253.5', 18));
  });

  it('FIRST_ADMIN_GETS=0 sends nothing', async () => {
    await platform.ctx.db.query('DELETE FROM platform_settings WHERE key = $1', [
      FIRST_ADMIN_GETS_SETTING,
    ]);
    expect(await allocate(0n)).toEqual({});
    expect(await getsBalance(platform.ctx, admin.account)).toBe(parseUnits('253.5', 18));
  });
});
