// The bench's HTTP client, in a worker thread of its own so that sending the
// requests does not compete with the server for one event loop. Plain
// JavaScript: worker threads do not inherit the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const job = workerData;

async function post(user, body) {
  const response = await fetch(`${job.baseUrl}/gs-api/token/transfer-token/metakeep`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ email: user.email, to: job.to, amount: '1', ...body }),
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()).data;
}

let next = 0;
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.users.length) {
      const user = job.users[next++];
      const { consentToken } = await post(user, {});
      await post(user, { consentToken });
    }
  }),
);
parentPort.postMessage('done');
