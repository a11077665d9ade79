// Runs Anvil as a child process for the embedded default chain. With a state
// file, Anvil only loads it: the platform saves the state itself, atomically
// (anvil-state.ts), so the file is never half written.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  headBlock,
  startStateSaver,
  stateFilePaths,
  type AnvilStateSaver,
  type StateFileLog,
} from './anvil-state.ts';

export interface AnvilOptions {
  chainId: number;
  /** 0 lets the operating system pick a free port. */
  port: number;
  /** File the chain state is loaded from and saved to; omit for a throwaway chain. */
  stateFile?: string;
  host?: string;
  /** Where a start from an older save is told; the console when omitted. */
  log?: StateFileLog;
}

export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  /** The saves of the chain state to the state file; null on a throwaway chain. */
  durability: Omit<AnvilStateSaver, 'stop'> | null;
  /** Saves the state one last time (with a state file), then stops Anvil. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${archName()}/package.json`);
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

function archName() {
  return process.arch === 'x64' ? 'amd64' : process.arch;
}

/**
 * Anvil exits at once on SIGINT or SIGTERM. Sent to the whole process group
 * (Ctrl-C in a terminal, a test runner's or a service manager's stop), it
 * would be gone before the last save at stop. So where the kernel can kill
 * Anvil with its parent (setpriv's parent-death signal, Linux), Anvil runs in
 * a process group of its own, and dies with this process however it dies.
 * Elsewhere it shares the group, as before, and a stop by Ctrl-C loses the
 * blocks since the last save (the pipeline replays what it settled in them).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find(
  (candidate) => process.platform === 'linux' && existsSync(candidate),
);

function spawnAnvil(args: string[]) {
  const options = { stdio: ['ignore', 'pipe', 'pipe'] as ('ignore' | 'pipe')[] };
  return SETPRIV
    ? spawn(SETPRIV, ['--pdeathsig', 'SIGKILL', '--', anvilBinaryPath(), ...args], {
        ...options,
        detached: true,
      })
    : spawn(anvilBinaryPath(), args, options);
}

export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const args = [
    '--host',
    options.host ?? '127.0.0.1',
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
  ];
  if (!options.stateFile) {
    const { child, rpcUrl } = await spawnUntilListening(args);
    return { rpcUrl, pid: child.pid!, durability: null, stop: () => stopChild(child) };
  }

  const log = options.log ?? { warn: (message: string) => console.warn(message) };
  const files = stateFilePaths(options.stateFile);
  const dir = path.dirname(options.stateFile);
  await fs.mkdir(dir, { recursive: true });
  const pidFile = path.join(dir, 'anvil.pid');
  await stopOrphan(pidFile);
  // A save cut short; the file it was to replace is whole.
  await fs.rm(files.writing, { force: true });

  const { child, rpcUrl, loadedFrom } = await startFromSavedState(args, options.stateFile, log);
  await fs.writeFile(pidFile, String(child.pid));
  let saver: AnvilStateSaver;
  try {
    saver = startStateSaver({
      rpcUrl,
      stateFile: options.stateFile,
      savedThrough: await headBlock(rpcUrl),
      currentFileLoadable: loadedFrom !== files.previous,
      log,
    });
  } catch (error) {
    await stopChild(child);
    throw error;
  }

  return {
    rpcUrl,
    pid: child.pid!,
    durability: saver,
    async stop() {
      await saver.stop();
      await stopChild(child);
      await fs.rm(pidFile, { force: true });
    },
  };
}

/**
 * Loads the state file; when Anvil cannot read it (a file an older version of
 * the platform left half written, a damaged disk), the previous save. Blocks
 * only the newer file held are gone from the chain then: the pipeline's
 * recovery sends again what it had settled in them.
 */
async function startFromSavedState(args: string[], stateFile: string, log: StateFileLog) {
  const files = stateFilePaths(stateFile);
  const candidates = [files.current, files.previous].filter((file) => existsSync(file));
  if (candidates.length === 0) return { ...(await spawnUntilListening(args)), loadedFrom: null };

  const refusals: string[] = [];
  if (!existsSync(files.current)) refusals.push(`${files.current}: missing`);
  for (const file of candidates) {
    try {
      const started = await spawnUntilListening([...args, '--load-state', file]);
      if (refusals.length > 0) {
        log.warn(
          `The newest save of the embedded chain could not be read (${refusals.join('; ')}); started from an older save, ${file}, at block ${await headBlock(started.rpcUrl)}. Blocks after it are lost from the chain; the pipeline sends again what it had settled in them.`,
        );
      }
      return { ...started, loadedFrom: file };
    } catch (error) {
      if (!(error instanceof AnvilExitedEarly) || !error.refusedStateFile) throw error;
      refusals.push(`${file}: ${error.refusedStateFile}`);
    }
  }
  throw new Error(
    `Anvil cannot load the embedded chain's saved state (${refusals.join('; ')}). These files hold the chain of this DATA_DIR (the contracts and every wallet's balance): restore ${files.current} from a backup, or set DATA_DIR to a new directory to start a new platform.`,
  );
}

class AnvilExitedEarly extends Error {
  /** Anvil's own words when it refused the --load-state file. */
  readonly refusedStateFile: string | undefined;
  constructor(exit: string, output: string) {
    super(`Anvil exited before it was ready (${exit}):\n${output.slice(-2000)}`);
    this.refusedStateFile = /^error: invalid value .* for '--load-state <PATH>': (.*)$/m
      .exec(output)?.[1]
      ?.slice(0, 500);
  }
}

async function spawnUntilListening(args: string[]) {
  const child = spawnAnvil(args);
  return { child, rpcUrl: await waitForListening(child) };
}

/** Anvil prints "Listening on host:port" once it accepts connections. */
function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`Anvil did not start within ${READY_TIMEOUT_MS} ms:\n${output.slice(-2000)}`),
      );
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      // Anvil also prints its dev accounts' private keys: keep them out of logs.
      output += chunk.toString();
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Anvil could not be started: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new AnvilExitedEarly(String(signal ?? code), output));
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A server killed alone (SIGKILL where Anvil does not die with it) cannot
 * stop its Anvil; the next start finds the pid it left and stops that Anvil,
 * so the state file has one writer. The blocks it mined since the last save
 * are lost with it: the pipeline replays what it had settled in them.
 */
async function stopOrphan(pidFile: string) {
  const pid = Number(await fs.readFile(pidFile, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return;
  const command = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!command.includes('anvil')) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  process.kill(pid, 'SIGKILL');
}
