// Runs in a worker thread (keystore-v3.ts): scrypt at the standard cost takes
// about half a second of pure JavaScript that never yields, which on the API
// thread would stall every other request meanwhile. Plain JavaScript, so the
// same file runs under tsx, the test runner and a production start alike.
import { parentPort, workerData } from 'node:worker_threads';
import { Wallet } from '@ethereumjs/wallet';

const { privateKey, passphrase, scrypt } = workerData;
try {
  const keystore = await Wallet.fromPrivateKey(privateKey).toV3(passphrase, {
    kdf: 'scrypt',
    ...scrypt,
  });
  parentPort.postMessage({ keystore });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  // The library's own hex copies cannot be reached; this thread ends right after.
  privateKey.fill(0);
}
