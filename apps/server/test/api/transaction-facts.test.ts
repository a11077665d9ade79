// The built-in transaction page's call, against the real platform and Anvil:
// a transfer made through consent and the pipeline, read back from the chain
// in words; bad and unknown hashes; a transaction that is not the platform's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, getAddress, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TRANSACTION_FACTS_MESSAGES, type TransactionFacts } from '@gets/schema';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { startTestPlatform, WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';
import {
  createTestUser,
  postTransfer,
  waitForOutcome,
  type TestUser,
} from '../helpers/accounts.ts';

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

describe('GET /transactions/{hash}', () => {
  let platform: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    platform = await startTestPlatform({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    alice = await createTestUser(platform.ctx, { gets: '5000' });
    bob = await createTestUser(platform.ctx);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const read = async (hash: string) => {
    const response = await platform.request(`/gs-api/transactions/${hash}`);
    return {
      status: response.status,
      body: (await response.json()) as { message: string; data: TransactionFacts | null },
    };
  };

  it('reads a platform transaction from the chain, its events in words, signed in or not', async () => {
    const consent = await postTransfer(platform, alice, { to: bob.address, amount: '1000.5' });
    const { consentToken } = ((await consent.json()) as { data: { consentToken: string } }).data;
    const queued = await postTransfer(platform, alice, {
      to: bob.address,
      amount: '1000.5',
      consentToken,
    });
    const { transactionId } = ((await queued.json()) as { data: { transactionId: string } }).data;
    const outcome = await waitForOutcome(platform.request, alice, transactionId);
    expect(outcome.status).toBe('COMPLETED');
    const hash = outcome.transactionHash!;

    const { status, body } = await read(hash);
    expect(status).toBe(200);
    const facts = body.data!;
    const receipt = await platform.ctx.chain.publicClient.getTransactionReceipt({
      hash: hash as `0x${string}`,
    });
    const block = await platform.ctx.chain.publicClient.getBlock({
      blockNumber: receipt.blockNumber,
    });
    expect(facts).toMatchObject({
      hash,
      chainId: platform.ctx.chain.chain.id,
      status: 'success',
      blockNumber: receipt.blockNumber.toString(),
      blockTime: new Date(Number(block.timestamp) * 1000).toISOString(),
      from: getAddress(receipt.from),
      fromLabel: 'Platform relayer',
      to: platform.ctx.contracts.forwarder,
      toLabel: 'Platform forwarder',
      gasUsed: receipt.gasUsed.toString(),
      moreEvents: 0,
    });
    expect(facts.events).toContainEqual({
      logIndex: expect.any(Number) as number,
      address: platform.ctx.contracts.token,
      contract: 'GETS token',
      eventName: 'Transfer',
      words: `Transfer of 1,000.5 GETS from ${short(alice.address)} to ${short(bob.address)}`,
      args: [
        { name: 'from', value: alice.address },
        { name: 'to', value: bob.address },
        { name: 'value', value: '1000500000000000000000' },
      ],
    });
    expect(facts.events.map((e) => e.words)).toContain(
      `Request of ${short(alice.address)} (nonce 0) executed`,
    );
    // Without EXPLORER_URL the status names the web app's page, which the server serves.
    const statusAnswer = await platform.request('/gs-api/metakeep/transaction', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...alice.authorization },
      body: JSON.stringify({ transactionId }),
    });
    expect(
      ((await statusAnswer.json()) as { data: { transactionChainScanUrl: string } }).data
        .transactionChainScanUrl,
    ).toBe(`/tx/${hash}`);
    const page = await platform.request(`/tx/${hash}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(WEB_APP_MARKER);
    // Public chain facts only: no name, email or id the platform keeps of its users.
    const text = JSON.stringify(body);
    expect(text).not.toContain(alice.email);
    expect(text).not.toContain('Test User');
    expect(text).not.toContain(alice.id);
  });

  it('answers 400 for what is not a hash, and 404 for a hash the chain does not know', async () => {
    for (const bad of [
      '0x1234',
      `0x${'g'.repeat(64)}`,
      `${'a'.repeat(66)}`,
      `0x${'a'.repeat(65)}`,
    ]) {
      const { status, body } = await read(bad);
      expect(status, bad).toBe(400);
      expect(body.message).toBe(TRANSACTION_FACTS_MESSAGES.invalidHash);
    }
    const { status, body } = await read(`0x${'ab'.repeat(32)}`);
    expect(status).toBe(404);
    expect(body.message).toBe(TRANSACTION_FACTS_MESSAGES.notFound);
  });

  it('answers 404 for a transaction on the chain that calls none of the platform contracts', async () => {
    const wallet = createWalletClient({
      account: privateKeyToAccount(ANVIL_DEV_KEYS[0]),
      chain: platform.ctx.chain.chain,
      transport: http(platform.ctx.chain.rpcUrl),
    });
    const hash = await wallet.sendTransaction({ to: bob.address, value: parseEther('0.001') });
    await platform.ctx.chain.publicClient.waitForTransactionReceipt({ hash });
    const { status, body } = await read(hash);
    expect(status).toBe(404);
    expect(body.message).toBe(TRANSACTION_FACTS_MESSAGES.notPlatform);
  });
});
