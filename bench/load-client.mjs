// The bench's HTTP client, a process of its own so that sending the requests
// neither competes with the server for one event loop nor hides in its CPU
// figures (it shows as "load-client"). Plain node:http with kept-alive
// sockets: fetch costs several times its CPU per request, on the cores the
// server shares. Plain JavaScript: it runs without the TypeScript loader.
// Takes jobs as IPC messages, answers 'done' (or the error) for each.
import http from 'node:http';

process.title = 'load-client';

function post(job, agent, user, body) {
  const payload = JSON.stringify({ email: user.email, to: job.to, amount: '1', ...body });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${job.baseUrl}/gs-api/token/transfer-token/metakeep`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${user.token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(new Error(`HTTP ${response.statusCode}: ${text}`));
          else resolve(JSON.parse(text).data);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function run(job) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (next < job.users.length) {
          const user = job.users[next++];
          const { consentToken } = await post(job, agent, user, {});
          await post(job, agent, user, { consentToken });
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

process.on('message', (job) => {
  run(job).then(
    () => process.send({ done: true }),
    (error) => process.send({ error: String(error) }),
  );
});
