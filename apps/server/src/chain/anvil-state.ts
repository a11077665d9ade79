// Saves the embedded Anvil's chain state to its file, whole or not at all.
// Anvil's own periodic save (--state-interval) truncates the file and writes
// it in place, so a kill during that write left half a file that the next
// start could not load. Here the state is fetched over JSON-RPC, written
// beside the file and renamed over it, so the file on disk is always a
// complete save, and the one before it is kept as <file>.prev.
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface StateFileLog {
  warn(message: string): void;
}

/** The file Anvil loads, the previous good save kept beside it, and where a save is written first. */
export function stateFilePaths(stateFile: string) {
  return { current: stateFile, previous: `${stateFile}.prev`, writing: `${stateFile}.tmp` };
}

const RPC_TIMEOUT_MS = 30_000;
const SAVE_INTERVAL_MS = 1_000;
/**
 * The pause after a save is at least this many times the save's own time, so saving takes at
 * most a tenth of the time: a whole-state dump grows with the chain (0.3-0.6 s at a few
 * thousand blocks), and a save every second then took a third or more of a core from Anvil and
 * the platform. What a crash loses between saves is replayed at the next start (decision 0057).
 */
const SAVE_PAUSE_PER_SAVE_TIME = 9;
// The async API: the dump of a long chain is megabytes, and this thread also
// serves the API and runs the pipeline.
const gunzip = promisify(zlib.gunzip);

async function rpc<T>(rpcUrl: string, method: string): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined) {
    throw new Error(`${method}: ${body.error?.message ?? `HTTP ${response.status}`}`);
  }
  return body.result;
}

export async function headBlock(rpcUrl: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber'));
}

/**
 * Writes Anvil's state to `stateFile` atomically and answers the highest
 * block the written file is known to hold. The head is read before the dump:
 * the dump is not one snapshot inside Anvil, and can hold account state of a
 * block newer than the newest block it holds, so only the head read first is
 * claimed. `keepPrevious` false leaves the existing `.prev` alone (the
 * current file is one Anvil could not load: it must not become the fallback).
 */
async function saveAnvilState(
  rpcUrl: string,
  stateFile: string,
  keepPrevious: boolean,
): Promise<bigint> {
  try {
    return await writeAnvilState(rpcUrl, stateFile, keepPrevious);
  } catch (error) {
    throw new Error(
      `Could not save the embedded chain's state to ${stateFile}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

async function writeAnvilState(rpcUrl: string, stateFile: string, keepPrevious: boolean) {
  const files = stateFilePaths(stateFile);
  const head = await headBlock(rpcUrl);
  const dump = await rpc<string>(rpcUrl, 'anvil_dumpState');
  const json = await gunzip(Buffer.from(dump.replace(/^0x/, ''), 'hex'));
  if (json[0] !== 0x7b || json[json.length - 1] !== 0x7d) {
    throw new Error('anvil_dumpState answered something other than a JSON object');
  }

  const handle = await fs.open(files.writing, 'w');
  try {
    await handle.writeFile(json);
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (keepPrevious) {
    // A hard link copies nothing: the previous save's bytes stay where they
    // are. A file system without hard links (some mounted volumes) copies.
    await fs.rm(files.previous, { force: true });
    await fs.link(files.current, files.previous).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return;
      await fs.copyFile(files.current, files.previous);
    });
  }
  await fs.rename(files.writing, files.current);
  // The rename is on disk only once the directory is.
  const directory = await fs.open(path.dirname(stateFile), fsConstants.O_RDONLY);
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
  return head;
}

/** How long the periodic saves wait after one that took `saveMs`. */
export function pauseAfterSave(saveMs: number): number {
  return Math.max(SAVE_INTERVAL_MS, Math.round(saveMs * SAVE_PAUSE_PER_SAVE_TIME));
}

export interface AnvilStateSaver {
  /** The highest block the state file on disk is known to hold. */
  savedThrough(): bigint;
  /** Asks for a save now (coalesced with one in progress); resolves with savedThrough() after it. */
  save(): Promise<bigint>;
  /** Called after each save that moved savedThrough(); returns the way to stop listening. */
  onSaved(listener: (savedThrough: bigint) => void): () => void;
  /** Stops the periodic saves and makes a last one (Anvil must still run). */
  stop(): Promise<void>;
}

/**
 * Saves the state of the Anvil at `rpcUrl` to `stateFile`: on request, every
 * second while the chain's head moved since the last save (less often once a
 * save takes more than a tenth of that: pauseAfterSave), and once more at
 * stop. One save at a time; a request made during a save is served by the
 * next one, which starts when it ends (the running one may have read the
 * head before the caller's block). `savedThrough` is the head at start: the
 * chain Anvil started with came from the file. `currentFileLoadable` false
 * (Anvil started from `.prev`): the first save keeps that `.prev`, and is
 * made at once so the unreadable file goes.
 */
export function startStateSaver(options: {
  rpcUrl: string;
  stateFile: string;
  savedThrough: bigint;
  currentFileLoadable: boolean;
  log: StateFileLog;
}): AnvilStateSaver {
  const { rpcUrl, stateFile, log } = options;
  let savedThrough = options.savedThrough;
  let headAtLastSave = options.savedThrough;
  let currentFileLoadable = options.currentFileLoadable;
  let running: Promise<bigint> | undefined;
  let next: Promise<bigint> | undefined;
  let stopping: Promise<void> | undefined;
  let stopped = false;
  let failing = false;
  let lastSaveMs = 0;
  const listeners = new Set<(savedThrough: bigint) => void>();

  const saveOnce = async () => {
    const startedAt = performance.now();
    const head = await saveAnvilState(rpcUrl, stateFile, currentFileLoadable);
    lastSaveMs = performance.now() - startedAt;
    currentFileLoadable = true;
    headAtLastSave = head;
    if (head !== savedThrough) {
      // Lower only when the chain itself went back (anvil_revert): the file
      // now holds that chain.
      savedThrough = head;
      for (const listener of listeners) {
        try {
          listener(head);
        } catch (error) {
          log.warn(`A listener of the chain state saves failed: ${(error as Error).message}`);
        }
      }
    }
    return savedThrough;
  };

  const save = (): Promise<bigint> => {
    if (stopped) return Promise.reject(new Error('the chain state saver has stopped'));
    next ??= (running ?? Promise.resolve(0n))
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        running = saveOnce();
        return running;
      });
    return next;
  };

  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      if ((await headBlock(rpcUrl)) !== headAtLastSave) await save();
      if (failing) log.warn(`The embedded chain's state is saved to ${stateFile} again`);
      failing = false;
    } catch (error) {
      // Said once, not every second, until a save succeeds again.
      if (!failing && !stopping) {
        log.warn(`${(error as Error).message} (trying again every second)`);
      }
      failing = true;
    }
    if (!stopping) timer = setTimeout(() => void tick(), pauseAfterSave(lastSaveMs)).unref();
  };
  if (!currentFileLoadable) {
    save().catch(() => undefined);
  }
  timer = setTimeout(() => void tick(), SAVE_INTERVAL_MS).unref();

  return {
    savedThrough: () => savedThrough,
    save,
    onSaved(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopping ??= (async () => {
        clearTimeout(timer);
        try {
          await save();
        } catch (error) {
          log.warn(
            `${(error as Error).message} (at stop: the blocks since the last save are not in it)`,
          );
        } finally {
          stopped = true;
          clearTimeout(timer);
        }
      })();
      return stopping;
    },
  };
}
