// The state saver against a stand-in for Anvil's JSON-RPC whose head and
// dumps the test moves and holds: which save serves which request, which
// block a save claims, and what the files hold after a save that failed.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pauseAfterSave, startStateSaver, type AnvilStateSaver } from './anvil-state.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** Answers eth_blockNumber with `head`, and anvil_dumpState with a state of `head` once `release` lets it. */
async function fakeAnvil() {
  const node = {
    head: 0n,
    dumps: 0,
    failDumps: false,
    held: undefined as Promise<void> | undefined,
    hold() {
      let release!: () => void;
      node.held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        node.held = undefined;
        release();
      };
    },
    rpcUrl: '',
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { method } = JSON.parse(body) as { method: string };
      const answer = (result: unknown) =>
        response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
      if (method === 'eth_blockNumber') return answer(`0x${node.head.toString(16)}`);
      node.dumps++;
      // The state is whatever the head is once the dump is answered.
      void (node.held ?? Promise.resolve()).then(() => {
        if (node.failDumps) {
          response.end(
            JSON.stringify({ jsonrpc: '2.0', id: 1, error: { message: 'dump failed' } }),
          );
          return;
        }
        const state = JSON.stringify({ best_block_number: `0x${node.head.toString(16)}` });
        answer(`0x${gzipSync(state).toString('hex')}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return node;
}

async function saverOn(node: { rpcUrl: string; head: bigint }) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-saver-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  const stateFile = path.join(dir, 'state.json');
  const warnings: string[] = [];
  const saver = startStateSaver({
    rpcUrl: node.rpcUrl,
    stateFile,
    savedThrough: node.head,
    currentFileLoadable: true,
    log: { warn: (message) => warnings.push(message) },
  });
  cleanups.push(() => saver.stop());
  return { saver, stateFile, warnings };
}

const blockIn = async (file: string) =>
  BigInt(
    (JSON.parse(await fs.readFile(file, 'utf8')) as { best_block_number: string })
      .best_block_number,
  );

async function until(predicate: () => boolean) {
  while (!predicate()) await new Promise((r) => setTimeout(r, 5));
}

describe('the chain state saver', () => {
  it('serves every request made during a save with one next save, which starts when the running one ends', async () => {
    const node = await fakeAnvil();
    node.head = 3n;
    const { saver, stateFile } = await saverOn(node);
    const release = node.hold();
    const running = saver.save();
    expect(saver.save()).toBe(running);
    await until(() => node.dumps === 1);

    node.head = 4n;
    const next = saver.save();
    expect(next).not.toBe(running);
    expect(saver.save()).toBe(next);
    expect(node.dumps).toBe(1);
    release();
    // The running save claims the head it read before its dump, not the
    // newer one the dump may hold: the dump is not one snapshot.
    expect(await running).toBe(3n);
    expect(await next).toBe(4n);
    expect(node.dumps).toBe(2);
    expect(await blockIn(stateFile)).toBe(4n);
    // The running save's file, kept: it holds block 4 while it claimed 3.
    expect(await blockIn(`${stateFile}.prev`)).toBe(4n);
  });

  it('tells listeners of each save that moved savedThrough, until they stop listening', async () => {
    const node = await fakeAnvil();
    const { saver } = await saverOn(node);
    const heard: bigint[] = [];
    const stopListening = saver.onSaved((block) => heard.push(block));
    node.head = 2n;
    await saver.save();
    await saver.save();
    node.head = 5n;
    await saver.save();
    expect(heard).toEqual([2n, 5n]);
    stopListening();
    node.head = 6n;
    expect(await saver.save()).toBe(6n);
    expect(saver.savedThrough()).toBe(6n);
    expect(heard).toEqual([2n, 5n]);
  });

  it('saves every second while the head moves, and not while it stays', async () => {
    const node = await fakeAnvil();
    const { saver } = await saverOn(node);
    node.head = 7n;
    await until(() => saver.savedThrough() === 7n);
    const dumps = node.dumps;
    await new Promise((r) => setTimeout(r, 2500));
    expect(node.dumps).toBe(dumps);
  });

  it('a failed save rejects, and leaves savedThrough, the file and its .prev as they were', async () => {
    const node = await fakeAnvil();
    const { saver, stateFile, warnings } = await saverOn(node);
    node.head = 1n;
    await saver.save();
    node.head = 2n;
    await saver.save();
    node.head = 3n;
    node.failDumps = true;
    await expect(saver.save()).rejects.toThrow('dump failed');
    expect(saver.savedThrough()).toBe(2n);
    expect(await blockIn(stateFile)).toBe(2n);
    expect(await blockIn(`${stateFile}.prev`)).toBe(1n);
    // The saves every second say so once, not every second.
    await new Promise((r) => setTimeout(r, 2500));
    expect(warnings.filter((w) => w.includes('dump failed'))).toHaveLength(1);
  });

  it('started from .prev, keeps that .prev: the unreadable file is replaced at once and never becomes the fallback', async () => {
    const node = await fakeAnvil();
    node.head = 4n;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-saver-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const stateFile = path.join(dir, 'state.json');
    const unreadable = '{"best_block_number":"0x9", "acc';
    const older = '{"best_block_number":"0x4", "older": true}';
    await fs.writeFile(stateFile, unreadable);
    await fs.writeFile(`${stateFile}.prev`, older);
    const saver: AnvilStateSaver = startStateSaver({
      rpcUrl: node.rpcUrl,
      stateFile,
      savedThrough: 4n,
      currentFileLoadable: false,
      log: { warn: () => undefined },
    });
    cleanups.push(() => saver.stop());
    // Made at start, unasked: the unreadable file goes, .prev stays.
    const firstSave = await saver.save();
    expect(node.dumps).toBe(1);
    expect(firstSave).toBe(4n);
    expect(await blockIn(stateFile)).toBe(4n);
    expect(await fs.readFile(`${stateFile}.prev`, 'utf8')).toBe(older);
    // From then on, each save keeps the one before it.
    await saver.save();
    expect(JSON.parse(await fs.readFile(`${stateFile}.prev`, 'utf8'))).toEqual({
      best_block_number: '0x4',
    });
    expect(existsSync(`${stateFile}.tmp`)).toBe(false);
  });

  it('stop makes a last save; no save after it', async () => {
    const node = await fakeAnvil();
    const { saver, stateFile } = await saverOn(node);
    node.head = 8n;
    await saver.stop();
    expect(await blockIn(stateFile)).toBe(8n);
    await expect(saver.save()).rejects.toThrow('stopped');
  });

  describe('pauseAfterSave', () => {
    it('saves every second while a save is quick', () => {
      expect(pauseAfterSave(5)).toBe(1_000);
      expect(pauseAfterSave(111)).toBe(1_000);
    });

    it('spends at most a tenth of the time saving once saves grow slow', () => {
      expect(pauseAfterSave(400)).toBe(3_600);
      const saveMs = 1_300;
      expect(saveMs / (saveMs + pauseAfterSave(saveMs))).toBeLessThanOrEqual(0.1);
    });
  });
});
