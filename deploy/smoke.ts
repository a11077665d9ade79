// Checks a running deployment from outside, over HTTP, as its users reach it:
// every API process answers healthy (database, chain, workers' heartbeat,
// queue), the first admin logs in, and a GETS transfer consented and submitted
// through each API is relayed by the workers to COMPLETED on chain.
//
//   ADMIN_EMAIL=… ADMIN_PASSWORD=… ADMIN_LOGIN_SECRET=… \
//     npx tsx deploy/smoke.ts http://localhost:8080 http://localhost:8081
//
// The first start prints the admin's password and login link (its #secret) once.
import {
  actionResponseSchema,
  ADMIN_LOGIN_SECRET_HEADER,
  adminLoginResponseSchema,
  transactionStatusResponseSchema,
} from '@gets/schema';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { z } from 'zod';

const HEALTH_WAIT_MS = 120_000;
const SETTLE_WAIT_MS = 120_000;

const apis = process.argv.slice(2);
const admin = {
  email: process.env.ADMIN_EMAIL ?? 'admin@gets-badges.local',
  password: process.env.ADMIN_PASSWORD,
  loginSecret: process.env.ADMIN_LOGIN_SECRET,
};
if (apis.length === 0 || !admin.password || !admin.loginSecret) {
  console.error(
    'usage: ADMIN_EMAIL=… ADMIN_PASSWORD=… ADMIN_LOGIN_SECRET=… npx tsx deploy/smoke.ts <API URL>…',
  );
  process.exit(2);
}

async function call<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<z.infer<Schema>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return schema.parse(JSON.parse(text));
}

async function waitHealthy(api: string) {
  const until = Date.now() + HEALTH_WAIT_MS;
  let last = '';
  while (Date.now() < until) {
    const answer = await fetch(`${api}/gs-api/health`).then(
      async (response) => ({ ok: response.ok, text: await response.text() }),
      (error: Error) => ({ ok: false, text: error.message }),
    );
    if (answer.ok) return;
    last = answer.text;
    await sleep(1000);
  }
  throw new Error(`${api} not healthy within ${HEALTH_WAIT_MS / 1000} s: ${last}`);
}

async function sendOneGets(api: string, token: string, from: string, to: string) {
  const auth = { authorization: `Bearer ${token}` };
  const url = `${api}/gs-api/token/transfer-token`;
  const body = { from, to, amount: '1' };
  const consent = (await call(url, actionResponseSchema, body, auth)).data;
  if (!('consentToken' in consent)) throw new Error(`${url}: no consent asked`);
  const queued = (await call(url, actionResponseSchema, { ...body, ...consent }, auth)).data;
  if (!('transactionId' in queued)) throw new Error(`${url}: not queued`);
  const until = Date.now() + SETTLE_WAIT_MS;
  while (Date.now() < until) {
    const { data } = await call(
      `${api}/gs-api/metakeep/transaction`,
      transactionStatusResponseSchema,
      { transactionId: queued.transactionId },
      auth,
    );
    if (data.status === 'COMPLETED') return data;
    if (data.status === 'FAILED') {
      throw new Error(`transaction ${queued.transactionId} FAILED: ${data.failureReason}`);
    }
    await sleep(250);
  }
  throw new Error(`transaction ${queued.transactionId} not settled in ${SETTLE_WAIT_MS / 1000} s`);
}

try {
  for (const api of apis) {
    await waitHealthy(api);
    console.log(`${api}: healthy`);
  }
  const { data: session } = await call(
    `${apis[0]}/gs-api/admin/adminLogin`,
    adminLoginResponseSchema,
    { email: admin.email, password: admin.password },
    { [ADMIN_LOGIN_SECRET_HEADER]: admin.loginSecret },
  );
  const wallet = session.adminDetails.account;
  if (!wallet) throw new Error('the admin has no wallet');
  console.log(`${admin.email} logged in; wallet ${wallet}`);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  for (const api of apis) {
    const started = Date.now();
    const settled = await sendOneGets(api, session.token, wallet, recipient);
    console.log(
      `${api}: 1 GETS to ${recipient} COMPLETED in ${Date.now() - started} ms (${settled.transactionHash})`,
    );
  }
} catch (error) {
  console.error(`smoke check failed: ${(error as Error).message}`);
  process.exit(1);
}
