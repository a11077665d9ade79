// The product started as a person starts it (`npm start`, its own process
// group) on a given data directory, for benchmarks that drive it from outside.
import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface RunningPlatform {
  /** Where it listens, from its "is ready at" line. */
  url: string;
  /** From spawn to the "is ready at" line. */
  readyMs: number;
  /** Stops it with SIGINT to its process group, as Ctrl-C does; answers how long that took. */
  stop(): Promise<number>;
}

export interface StartOptions {
  /** `serve` runs the last build of the web (as E2E_WEB_BUILT does for the journeys). */
  script?: 'start' | 'serve';
  /** Everything the product prints after it is ready (its warnings, with LOG_LEVEL warn). */
  onOutput?: (text: string) => void;
}

export async function startPlatform(
  dataDir: string,
  env: Record<string, string> = {},
  { script = 'start', onOutput }: StartOptions = {},
): Promise<RunningPlatform> {
  const started = performance.now();
  const child = spawn('npm', script === 'serve' ? ['run', 'serve'] : ['start'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let ready = false;
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (ready) {
        onOutput?.(chunk.toString());
        return;
      }
      output += chunk.toString();
      const readyAt = /is ready at (http\S+)/.exec(output);
      if (readyAt) {
        ready = true;
        resolve(readyAt[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${output}`)));
  });
  const readyMs = performance.now() - started;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    readyMs,
    async stop() {
      const stopStarted = performance.now();
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      return performance.now() - stopStarted;
    },
  };
}
