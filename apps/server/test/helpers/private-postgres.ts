// A PostgreSQL server of a test's own, for the faults a shared server must
// never see: stopped the hard way (`pg_ctl stop -m immediate`, as a crash or
// a failover looks to its clients) and started again on the same port, data
// and all. Made with initdb in a fresh temporary directory and removed
// whatever happens.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './network.ts';

const run = promisify(execFile);

const POSTGRES_VERSIONS_DIR = '/usr/lib/postgresql';
/** The OS user PostgreSQL runs as when this process is root (initdb refuses root). */
const SERVER_OS_USER = 'postgres';

/** The bin directory of the newest PostgreSQL installed, or undefined when none is. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(POSTGRES_VERSIONS_DIR)) return undefined;
  const versions = readdirSync(POSTGRES_VERSIONS_DIR)
    .filter((name) => existsSync(path.join(POSTGRES_VERSIONS_DIR, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_VERSIONS_DIR, versions[0], 'bin') : undefined;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Ends every backend at once, with no checkpoint: what its clients see of a crash. */
  stopImmediately(): Promise<void>;
  /** Starts it again on the same port and data (it recovers from the stop first). */
  start(): Promise<void>;
  /** Stops it if it runs and removes its directory; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Makes and starts the server. Run as root (as CI's containers are), its
 * programs run as the `postgres` OS user on a directory owned by it.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`no PostgreSQL under ${POSTGRES_VERSIONS_DIR}`);
  const asRoot = process.getuid?.() === 0;
  const commandOf = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', SERVER_OS_USER, '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const runServerProgram = (program: string, args: string[]) => run(...commandOf(program, args));

  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-private-postgres-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  let removed = false;
  const stopArgs = ['stop', '-D', dataDir, '-m', 'immediate', '-w'];
  const stopImmediately = async () => {
    await runServerProgram('pg_ctl', stopArgs);
  };
  // The server's own mark that it runs, there until it has stopped (also
  // after a start that failed half way), which pg_ctl -w waits on.
  const running = () => existsSync(path.join(dataDir, 'postmaster.pid'));
  // A test process that ends without its cleanup (a timeout, an interrupted
  // run) must not leave a server running on the machine.
  const removeAtExit = () => {
    if (running()) spawnSync(...commandOf('pg_ctl', stopArgs));
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', removeAtExit);
  const remove = async () => {
    if (removed) return;
    removed = true;
    process.off('exit', removeAtExit);
    if (running()) await stopImmediately().catch(() => undefined);
    await fs.rm(root, { recursive: true, force: true });
  };

  try {
    await fs.mkdir(socketDir);
    if (asRoot) await run('chown', ['-R', `${SERVER_OS_USER}:`, root]);
    await runServerProgram('initdb', [
      '--auth=trust',
      '--username=postgres',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
      '-D',
      dataDir,
    ]);
    const port = await freePort();
    // Its own socket directory, so it never meets the shared server's in
    // /var/run/postgresql. fsync off: the stop ends processes, not the
    // machine, so what was written is in the OS's cache and survives; every
    // commit still waits for its WAL write, so nothing reported is lost.
    const serverOptions = [
      `-p ${port}`,
      `-k ${socketDir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
    ].join(' ');
    const start = async () => {
      await runServerProgram('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        serverOptions,
        '-w',
        '-t',
        '60',
      ]);
    };
    await start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stopImmediately,
      start,
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
