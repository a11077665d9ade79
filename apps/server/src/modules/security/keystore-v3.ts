// A private key as a Web3 Secret Storage v3 file (the keystore format of
// geth, MetaMask, MyEtherWallet and ethers), encrypted in a worker thread:
// its scrypt would otherwise hold the event loop for about half a second
// (measured: 0.5 s at n = 2^17 on the development machine, with no timer run
// meanwhile). One file at a time per process: each scrypt takes 128 MiB.
import { Worker } from 'node:worker_threads';

/**
 * ethers' default cost (n = 2^17, r = 8, p = 1): the standard's strong
 * setting halved (geth's 2^18), so a file costs 128 MiB and half a second
 * rather than 256 MiB and more than a second, and still some 2^17 times a
 * plain hash per guess of its passphrase.
 */
export const KEYSTORE_SCRYPT = { n: 131_072, r: 8, p: 1, dklen: 32 } as const;

export type KeystoreV3 = Record<string, unknown> & { address: string; version: 3 };

let queue: Promise<unknown> = Promise.resolve();

/**
 * Encrypts `privateKey` under `passphrase`. The key is copied into memory
 * that is moved, not copied, to the worker (which zeroes it); the caller
 * still zeroes its own buffer.
 */
export function encryptKeystoreV3(privateKey: Buffer, passphrase: string): Promise<KeystoreV3> {
  const moved = new Uint8Array(new ArrayBuffer(privateKey.length));
  moved.set(privateKey);
  const run = queue.then(() => inWorker(moved, passphrase));
  queue = run.catch(() => undefined);
  return run;
}

function inWorker(privateKey: Uint8Array, passphrase: string): Promise<KeystoreV3> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./keystore-v3-worker.mjs', import.meta.url), {
      workerData: { privateKey, passphrase, scrypt: KEYSTORE_SCRYPT },
      transferList: [privateKey.buffer as ArrayBuffer],
    });
    let settled = false;
    worker.once('message', (message: { keystore?: KeystoreV3; error?: string }) => {
      settled = true;
      if (message.keystore) resolve(message.keystore);
      else reject(new Error(`keystore encryption failed: ${message.error ?? 'unknown'}`));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`keystore worker exited with code ${code}`));
    });
  });
}
