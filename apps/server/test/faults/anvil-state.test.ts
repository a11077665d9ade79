// The embedded chain's state file is never half written: the platform saves
// Anvil's state beside the file and renames it into place, keeping the save
// before it as .prev. Whatever dies mid-save (Anvil, or the process saving
// with its Anvil), the next start loads the newest complete save; a file
// Anvil cannot read (as Anvil's own in-place save left one) falls back to
// .prev, with a warning, and never to a failed start while a good copy is there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, http, publicActions, walletActions, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvilBinaryPath, startAnvil, type AnvilProcess } from '../../src/chain/anvil.ts';
import { connectChain } from '../../src/chain/chain.ts';
import { ANVIL_DEV_KEYS } from '../../src/config.ts';
import { makeScratchDir } from '../helpers/test-platform.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const CHAIN_ID = 137;
const RECIPIENT = privateKeyToAccount(ANVIL_DEV_KEYS[1]).address;

async function scratchStateFile() {
  const dataDir = await makeScratchDir('gets-anvil-state-');
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return path.join(dataDir, 'anvil', 'state.json');
}

/** Starts Anvil on the state file, stopped after the test; the warnings it gave are collected. */
async function startOnFile(stateFile: string) {
  const warnings: string[] = [];
  const anvil = await startAnvil({
    chainId: CHAIN_ID,
    port: 0,
    stateFile,
    log: { warn: (message) => warnings.push(message) },
  });
  cleanups.push(() => anvil.stop());
  return { anvil, warnings, node: nodeOf(anvil.rpcUrl) };
}

function nodeOf(rpcUrl: string) {
  return createTestClient({
    mode: 'anvil',
    account: privateKeyToAccount(ANVIL_DEV_KEYS[0]),
    chain: {
      id: CHAIN_ID,
      name: 'test',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    },
    transport: http(rpcUrl),
    // Every read of the head asks the node: a cached one would be the block before a payment.
    cacheTime: 0,
  })
    .extend(publicActions)
    .extend(walletActions);
}
type Node = ReturnType<typeof nodeOf>;

/** Mines one block per payment, each paying RECIPIENT `wei` more than the last. */
async function pay(node: Node, count: number) {
  for (let i = 0; i < count; i++) {
    const hash = await node.sendTransaction({ to: RECIPIENT, value: 1000n + BigInt(i) });
    await node.waitForTransactionReceipt({ hash });
  }
}

async function kill(anvil: AnvilProcess) {
  process.kill(anvil.pid, 'SIGKILL');
  await waitUntilGone(anvil.pid);
}

/** Gone, or a zombie: a killed process whose parent died may wait for a reaper that never comes. */
async function waitUntilGone(pid: number) {
  await waitUntil(`process ${pid} gone`, async () => {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    return stat === '' || /^\d+ \(.*\) Z /.test(stat);
  });
}

async function waitUntil(what: string, predicate: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The block a state file holds, as Anvil records it in the file. */
async function bestBlockInFile(file: string): Promise<bigint> {
  const state = JSON.parse(await fs.readFile(file, 'utf8')) as { best_block_number: Hex | number };
  return BigInt(state.best_block_number);
}

describe('the embedded chain state file', () => {
  it('a save moves savedThrough to the head; Anvil killed after it restarts at that block with its balances, and a clean stop loses nothing', async () => {
    const stateFile = await scratchStateFile();
    const first = await startOnFile(stateFile);
    const durability = first.anvil.durability!;
    expect(durability.savedThrough()).toBe(0n);
    const heard: bigint[] = [];
    durability.onSaved((block) => heard.push(block));

    await pay(first.node, 5);
    const head = await first.node.getBlockNumber();
    expect(await durability.save()).toBe(head);
    expect(durability.savedThrough()).toBe(head);
    expect(heard.at(-1)).toBe(head);
    const balanceAtSave = await first.node.getBalance({ address: RECIPIENT });

    // Mined in one block right before the kill: the head moves after the
    // last save and no save every second can take it in time.
    await first.node.setAutomine(false);
    await first.node.sendTransaction({ to: RECIPIENT, value: 10n ** 18n });
    await first.node.mine({ blocks: 1 });
    await kill(first.anvil);
    expect(durability.savedThrough()).toBe(head);
    await first.anvil.stop();
    expect(first.warnings.join('\n')).toMatch(/Could not save .*\(at stop/);

    const second = await startOnFile(stateFile);
    expect(await second.node.getBlockNumber()).toBe(head);
    expect(second.anvil.durability!.savedThrough()).toBe(head);
    expect(await second.node.getBalance({ address: RECIPIENT })).toBe(balanceAtSave);
    expect(second.warnings).toEqual([]);

    await pay(second.node, 3);
    const headAtStop = await second.node.getBlockNumber();
    const balanceAtStop = await second.node.getBalance({ address: RECIPIENT });
    await second.anvil.stop();
    const third = await startOnFile(stateFile);
    expect(await third.node.getBlockNumber()).toBe(headAtStop);
    expect(await third.node.getBalance({ address: RECIPIENT })).toBe(balanceAtStop);
  }, 60_000);

  it('the chain every second: a head that moved is saved within about a second, an idle one is not saved again', async () => {
    const stateFile = await scratchStateFile();
    const { anvil, node } = await startOnFile(stateFile);
    await pay(node, 3);
    const head = await node.getBlockNumber();
    await waitUntil('the head saved by the saves every second', async () =>
      Promise.resolve(anvil.durability!.savedThrough() === head),
    );
    expect(await bestBlockInFile(stateFile)).toBe(head);
    const saved = await fs.stat(stateFile);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await fs.stat(stateFile)).mtimeMs).toBe(saved.mtimeMs);
  }, 60_000);

  it('no durability on a chain without a state file, nor on an external node', async () => {
    const throwaway = await startAnvil({ chainId: CHAIN_ID, port: 0 });
    cleanups.push(() => throwaway.stop());
    expect(throwaway.durability).toBeNull();
    const external = await connectChain({
      kind: 'external',
      rpcUrl: throwaway.rpcUrl,
      chainId: CHAIN_ID,
    });
    cleanups.push(() => external.close());
    expect(external.durability).toBeNull();
  });

  it('Anvil killed at moments of a save: the restart holds at least savedThrough, from the last save that completed', async () => {
    const stateFile = await scratchStateFile();
    for (let round = 0; round < 6; round++) {
      const { anvil, node, warnings } = await startOnFile(stateFile);
      const durability = anvil.durability!;
      await pay(node, 20);
      await durability.save();
      await pay(node, 5);
      const headAtKill = await node.getBlockNumber();
      const saving = durability.save().catch((error: Error) => error);
      // From before the dump to past the rename, across the rounds.
      await new Promise((r) => setTimeout(r, round * 4));
      await kill(anvil);
      await saving;
      const savedThrough = durability.savedThrough();
      await anvil.stop();

      const restarted = await startOnFile(stateFile);
      // A save every second that overlapped the payments may hold a block
      // past the head it claimed; never less than it claimed.
      const restartedAt = await restarted.node.getBlockNumber();
      expect(restartedAt, `round ${round}`).toBeGreaterThanOrEqual(savedThrough);
      expect(restartedAt, `round ${round}`).toBeLessThanOrEqual(headAtKill);
      expect(restarted.warnings, `round ${round}: ${warnings.join('; ')}`).toEqual([]);
      expect(existsSync(`${stateFile}.tmp`)).toBe(false);
      await restarted.anvil.stop();
    }
  }, 120_000);

  it('the saving process and its Anvil killed at random moments of saves back to back, and in the middle of writing one: every restart loads the newest complete save', async () => {
    const stateFile = await scratchStateFile();
    const writing = `${stateFile}.tmp`;
    let killedMidWrite = 0;
    for (let round = 0; round < 10; round++) {
      const saver = await startSavingProcess(stateFile);
      cleanups.push(() => saver.kill());
      await waitUntil('a few saves', async () => Promise.resolve(saver.saves.length >= 3));
      let midWrite = false;
      if (round % 2 === 1) {
        // Spun without yielding: the write of a save takes well under a
        // millisecond on tmpfs, and on a machine whose cores are all busy
        // this process may not be running during any write for a while; a
        // round that misses every write is killed at a random moment instead.
        const until = Date.now() + 10_000;
        while (!existsSync(writing) && Date.now() < until);
        midWrite = existsSync(writing);
        if (midWrite) killedMidWrite += 1;
      } else {
        await new Promise((r) => setTimeout(r, Math.random() * 300));
      }
      await saver.kill();
      const lastReported = saver.saves.at(-1)!;

      const { anvil, node, warnings } = await startOnFile(stateFile);
      const head = await node.getBlockNumber();
      const what = `round ${round}${midWrite ? ' (killed mid-write)' : ''}: saves reported ${saver.saves.join(', ')}`;
      expect(head, what).toBeGreaterThanOrEqual(lastReported);
      expect(warnings, what).toEqual([]);
      expect(existsSync(writing), what).toBe(false);
      await anvil.stop();
    }
    // The kills landed in the middle of a write at least once.
    expect(killedMidWrite).toBeGreaterThan(0);
  }, 180_000);

  it('a save cut short leaves its .tmp: ignored and removed, the file loads as it was', async () => {
    const stateFile = await scratchStateFile();
    const first = await startOnFile(stateFile);
    await pay(first.node, 4);
    const head = await first.anvil.durability!.save();
    await kill(first.anvil);
    await first.anvil.stop();
    const whole = await fs.readFile(stateFile);
    await fs.writeFile(`${stateFile}.tmp`, whole.subarray(0, whole.length / 2));

    const { node, warnings } = await startOnFile(stateFile);
    expect(await node.getBlockNumber()).toBe(head);
    expect(warnings).toEqual([]);
    expect(existsSync(`${stateFile}.tmp`)).toBe(false);
  }, 60_000);

  it("Anvil's own state file (an earlier version's data directory) loads; cut short by a kill, the start falls back to .prev with a warning, and without one fails naming the file and DATA_DIR", async () => {
    const stateFile = await scratchStateFile();
    await fs.mkdir(path.dirname(stateFile), { recursive: true });
    const { head, balance } = await runAnvilWritingItsOwnState(stateFile);

    const loaded = await startOnFile(stateFile);
    expect(await loaded.node.getBlockNumber()).toBe(head);
    expect(await loaded.node.getBalance({ address: RECIPIENT })).toBe(balance);
    expect(loaded.warnings).toEqual([]);
    await pay(loaded.node, 2);
    const newerHead = await loaded.node.getBlockNumber();
    // Stopping saves: the file is the newer chain, .prev Anvil's own save.
    await loaded.anvil.stop();
    expect(await bestBlockInFile(stateFile)).toBe(newerHead);
    expect(await bestBlockInFile(`${stateFile}.prev`)).toBe(head);

    // What a kill during Anvil's own in-place save leaves.
    const whole = await fs.readFile(stateFile);
    await fs.writeFile(stateFile, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const fallback = await startOnFile(stateFile);
    expect(await fallback.node.getBlockNumber()).toBe(head);
    expect(await fallback.node.getBalance({ address: RECIPIENT })).toBe(balance);
    expect(fallback.warnings).toHaveLength(1);
    expect(fallback.warnings[0]).toContain('newest save of the embedded chain could not be read');
    expect(fallback.warnings[0]).toContain(`${stateFile}.prev`);
    // The unreadable file is replaced at once; the good .prev is kept.
    await waitUntil('the unreadable file replaced', async () =>
      bestBlockInFile(stateFile).then(
        (block) => block === head,
        () => false,
      ),
    );
    expect(await bestBlockInFile(`${stateFile}.prev`)).toBe(head);
    await fallback.anvil.stop();

    await fs.writeFile(stateFile, whole.subarray(0, 100));
    await fs.rm(`${stateFile}.prev`);
    const refused = await startAnvil({ chainId: CHAIN_ID, port: 0, stateFile }).then(
      (anvil) => anvil.stop().then(() => 'started'),
      (error: Error) => error.message,
    );
    expect(refused).toContain(stateFile);
    expect(refused).toContain('DATA_DIR');
    expect(refused).toMatch(/EOF while parsing/);
  }, 60_000);
});

/**
 * Anvil as the platform ran it before: `--state` with its own save every
 * second and at exit (SIGTERM), in place. Answers the head and RECIPIENT's
 * balance it saved.
 */
async function runAnvilWritingItsOwnState(stateFile: string) {
  const child = spawn(
    anvilBinaryPath(),
    ['--port', '0', '--chain-id', String(CHAIN_ID), '--state', stateFile, '--state-interval', '1'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  const rpcUrl = await new Promise<string>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (match) resolve(`http://${match[1]}`);
    });
  });
  const node = nodeOf(rpcUrl);
  await pay(node, 4);
  const head = await node.getBlockNumber();
  const balance = await node.getBalance({ address: RECIPIENT });
  child.kill('SIGTERM');
  await exited;
  expect(await bestBlockInFile(stateFile)).toBe(head);
  return { head, balance };
}

/**
 * A process of its own that starts Anvil on the state file and, while paying
 * RECIPIENT, saves back to back, printing each save's block. kill() is a
 * power loss: SIGKILL to it and to its Anvil at once.
 */
async function startSavingProcess(stateFile: string) {
  const anvilModule = path.resolve(import.meta.dirname, '../../src/chain/anvil.ts');
  const script = `
    const { startAnvil } = await import(${JSON.stringify(anvilModule)});
    const anvil = await startAnvil({ chainId: ${CHAIN_ID}, port: 0, stateFile: process.env.STATE_FILE });
    console.log('anvil ' + anvil.pid);
    const send = () => fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction',
        params: [{ from: ${JSON.stringify(privateKeyToAccount(ANVIL_DEV_KEYS[0]).address)},
                   to: ${JSON.stringify(RECIPIENT)}, value: '0x3e8' }] }),
    });
    for (;;) {
      for (let i = 0; i < 10; i++) await send();
      console.log('saved ' + (await anvil.durability.save()));
    }`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    {
      env: { ...process.env, STATE_FILE: stateFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const saves: bigint[] = [];
  let anvilPid: number | undefined;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of output.split('\n').slice(0, -1)) {
      const saved = /^saved (\d+)$/.exec(line);
      if (saved) saves.push(BigInt(saved[1]!));
      const started = /^anvil (\d+)$/.exec(line);
      if (started) anvilPid = Number(started[1]);
    }
    output = output.slice(output.lastIndexOf('\n') + 1);
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  void exited.then(() => {
    if (saves.length === 0) console.error(`the saving process ended: ${errors}`);
  });
  return {
    saves,
    async kill() {
      for (const pid of [-child.pid!, anvilPid]) {
        if (pid === undefined) continue;
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exited;
      if (anvilPid !== undefined) await waitUntilGone(anvilPid);
    },
  };
}
