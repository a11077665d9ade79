// Runs Anvil as a child process for the embedded default chain, with its state
// dumped to the data directory every second so a crash loses at most that.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface AnvilOptions {
  chainId: number;
  /** 0 lets the operating system pick a free port. */
  port: number;
  /** File the chain state is loaded from and dumped to; omit for a throwaway chain. */
  stateFile?: string;
  host?: string;
}

export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
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

export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const args = [
    '--host',
    options.host ?? '127.0.0.1',
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
  ];
  let pidFile: string | undefined;
  if (options.stateFile) {
    const dir = path.dirname(options.stateFile);
    await fs.mkdir(dir, { recursive: true });
    pidFile = path.join(dir, 'anvil.pid');
    await stopOrphan(pidFile);
    args.push('--state', options.stateFile, '--state-interval', '1');
  }

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const rpcUrl = await waitForListening(child);
  if (pidFile) await fs.writeFile(pidFile, String(child.pid));

  return {
    rpcUrl,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      if (pidFile) await fs.rm(pidFile, { force: true });
    },
  };
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
      reject(
        new Error(`Anvil exited before it was ready (${signal ?? code}):\n${output.slice(-2000)}`),
      );
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGTERM lets Anvil write its final state dump before it exits.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A server killed with SIGKILL cannot stop its Anvil; the next start finds the
 * pid it left and stops that Anvil so the state file has one writer.
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
