// Runs the server entry point as its own process, the way `npm start` does
// after the web build, for tests and benchmarks of start, stop and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const READY = /is ready at (http:\/\/\S+)|worker is running()/;

/**
 * `npmScript` runs the entry point through that script of the root
 * package.json instead (npm, then the script's command), as `npm start` does.
 * `detached` starts it in a process group of its own, as a shell starts a
 * command: `process.kill(-child.pid, 'SIGKILL')` kills it with everything it
 * started (its Anvil dies with it), and stop() signals the whole group, as
 * Ctrl-C in a terminal does.
 */
export function startServerProcess(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  options: { npmScript?: string; detached?: boolean } = {},
) {
  const [command, args, cwd] = options.npmScript
    ? (['npm', ['run', '--silent', options.npmScript], path.resolve(serverDir, '../..')] as const)
    : ([process.execPath, ['--import', 'tsx', 'src/main.ts'], serverDir] as const);
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready within ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          child,
          url: match[1] ?? '',
          output: () => output,
          async stop(signal = 'SIGINT') {
            if (options.detached) process.kill(-child.pid!, signal);
            else child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
