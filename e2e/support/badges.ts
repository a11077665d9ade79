// Helpers of the badge journeys: an approved sponsor, funded or not; the admin's API
// session (for the steps whose admin screens are mounted by the admin console);
// a PNG to crop.
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext } from '@playwright/test';
import { createPublicClient, createWalletClient, getContractAddress, http, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getsTokenAbi } from '@gets/contracts';
import { E2E_ANVIL_PORT } from './e2e-env';
import { registerThroughApi, type newPerson } from './accounts';
import { adminAssertion, adminToken } from './passkeys';

export { adminToken };

/** Anvil's well-known dev account 0: the embedded chain's deployer and treasury. */
const TREASURY_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Registers a sponsor through the API and has the admin approve it; answers its wallet. */
export async function approvedSponsor(
  request: APIRequestContext,
  person: ReturnType<typeof newPerson>,
): Promise<{ id: string; account: `0x${string}` }> {
  const user = (await registerThroughApi(request, person, 'sponsor')).data.user;
  const token = await adminToken(request);
  const approved = await request.put('/gs-api/admin/sponsors/status', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: user._id, status: 'APPROVED' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { id: user._id, account: user.account };
}

/** Sends GETS from the embedded chain's treasury (a test fixture, like a faucet). */
export async function fundWithGets(address: `0x${string}`, amount: string) {
  const transport = http(`http://127.0.0.1:${E2E_ANVIL_PORT}`);
  const account = privateKeyToAccount(TREASURY_KEY);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = {
    id: chainId,
    name: 'embedded',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${E2E_ANVIL_PORT}`] } },
  } as const;
  // On a fresh chain the deployer's second contract (nonce 1) is the token.
  const token = getContractAddress({ from: account.address, nonce: 1n });
  expect(
    await publicClient.readContract({ address: token, abi: getsTokenAbi, functionName: 'symbol' }),
  ).toBe('GETS');
  const wallet = createWalletClient({ account, chain, transport });
  const hash = await wallet.writeContract({
    address: token,
    abi: getsTokenAbi,
    functionName: 'transfer',
    args: [address, parseUnits(amount, 18)],
  });
  await publicClient.waitForTransactionReceipt({ hash });
}

/** An approved sponsor (registered through the API) whose wallet holds `gets` GETS from the treasury. */
export async function fundedSponsor(
  request: APIRequestContext,
  person: ReturnType<typeof newPerson>,
  gets: string,
): Promise<{ id: string; account: `0x${string}` }> {
  const sponsor = await approvedSponsor(request, person);
  await fundWithGets(sponsor.account, gets);
  return sponsor;
}

/** A badge's id, found by its name through the admin's badge list. */
export async function badgeIdByName(request: APIRequestContext, name: string) {
  const token = await adminToken(request);
  const list = await request.get(`/gs-api/admin/badge?name=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const badges = ((await list.json()) as { data: { badges: { _id: string; name: string }[] } }).data
    .badges;
  const found = badges.filter((badge) => badge.name === name);
  expect(found).toHaveLength(1);
  return found[0]!._id;
}

/** Runs an admin chain action through the API: consent, confirm, wait for the outcome. */
export async function adminChainAction(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  path: string,
  body: Record<string, unknown>,
) {
  const headers = { authorization: `Bearer ${token}` };
  const consent = await request[method](path, { headers, data: body });
  expect(consent.ok(), await consent.text()).toBe(true);
  const { consentToken, secondFactor } = (
    (await consent.json()) as {
      data: { consentToken: string; secondFactor?: { passkey: { challenge: string } | null } };
    }
  ).data;
  // The admin confirms each consent with their passkey (decision 0064).
  const passkey = secondFactor?.passkey;
  const queued = await request[method](path, {
    headers,
    data: { ...body, consentToken, ...(passkey ? { webauthn: adminAssertion(passkey) } : {}) },
  });
  expect(queued.ok(), await queued.text()).toBe(true);
  const { transactionId } = ((await queued.json()) as { data: { transactionId: string } }).data;
  let status = 'QUEUED';
  await expect
    .poll(
      async () => {
        const answer = await request.post('/gs-api/metakeep/transaction', {
          headers,
          data: { transactionId },
        });
        status = ((await answer.json()) as { data: { status: string } }).data.status;
        return status;
      },
      { timeout: 60_000 },
    )
    .not.toBe('QUEUED');
  expect(status).toBe('COMPLETED');
}

/** The admin approves a pending badge (found by name) until a date 90 days away. */
export async function approveBadgeAsAdmin(request: APIRequestContext, name: string) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get(
    `/gs-api/admin/badge?status=UNDER_VERIFICATION&name=${encodeURIComponent(name)}`,
    { headers },
  );
  const badges = ((await list.json()) as { data: { badges: { _id: string; onChainId: string }[] } })
    .data.badges;
  expect(badges).toHaveLength(1);
  const badge = badges[0]!;
  const expiryDate = Date.now() + 90 * 86_400_000;
  await adminChainAction(request, token, 'post', '/gs-api/metakeep/badge/approve', {
    badgeId: badge.onChainId,
    expiryDate,
  });
  const recorded = await request.put(`/gs-api/admin/badge/approve/${badge._id}`, {
    headers,
    data: { expiryDate },
  });
  expect(recorded.ok(), await recorded.text()).toBe(true);
  return badge._id;
}

/** A real RGB PNG of size×size with a gradient, so a crop has something to show. */
export function gradientPng(size = 96): { name: string; mimeType: string; buffer: Buffer } {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push((x * 255) / size, (y * 255) / size, 160);
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: 'badge-art.png', mimeType: 'image/png', buffer };
}
