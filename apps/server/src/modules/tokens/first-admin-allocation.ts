// A fresh platform must be able to send GETS: at the first start the first
// admin's custodial wallet receives FIRST_ADMIN_GETS from the treasury account
// (the deployer's key, which holds the initial supply on the embedded chain).
// Exactly once, across crashes and processes: the signed transfer is recorded
// (compare-and-set in platform_settings) before it is broadcast, so a later
// start finds its receipt or sends the same bytes again (same nonce, so it
// cannot be mined twice), and the record says when it is done.
import {
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { getsTokenAbi, type PlatformContracts } from '@gets/contracts';
import { formatGets, TOKEN } from '@gets/schema';
import type { ChainConnection } from '../../chain/chain.ts';
import type { Queryable } from '../../db/database.ts';
import { findFirstAdminAccount } from '../admin-auth/admin-repository.ts';
import {
  findSetting,
  insertSettingOnce,
  replaceSettingIf,
} from '../admin-auth/settings-repository.ts';

export const FIRST_ADMIN_GETS_SETTING = 'first_admin_gets';

type AllocationRecord =
  | { status: 'sent'; to: Address; units: string; hash: Hex; raw: Hex; nonce: number }
  | { status: 'done'; to: Address; units: string; hash: Hex };

export interface AllocationOutcome {
  /** Set when this start moved the GETS. */
  sent?: { to: Address; amount: string; hash: Hex };
  /** Why nothing was sent, when something should have been. */
  warning?: string;
}

/** Replaces the record only if it is still `expected` (another process may have moved on). */
const replaceRecord = (db: Queryable, expected: string, next: AllocationRecord) =>
  replaceSettingIf(db, FIRST_ADMIN_GETS_SETTING, expected, JSON.stringify(next));

export async function allocateFirstAdminGets(deps: {
  db: Queryable;
  chain: ChainConnection;
  contracts: PlatformContracts;
  deployerPrivateKey: `0x${string}` | undefined;
  /** 18-decimal units; 0 turns the allocation off. */
  units: bigint;
}): Promise<AllocationOutcome> {
  const { db, chain, contracts } = deps;
  if (deps.units === 0n) return {};
  let stored = await findSetting(db, FIRST_ADMIN_GETS_SETTING);
  if (stored && (JSON.parse(stored) as AllocationRecord).status === 'done') return {};

  const adminAccount = await findFirstAdminAccount(db);
  if (!adminAccount) return {};
  if (!deps.deployerPrivateKey) {
    return {
      warning: `FIRST_ADMIN_GETS: no DEPLOYER_PRIVATE_KEY to send from; send ${TOKEN.symbol} to the first admin's wallet ${adminAccount} from the treasury`,
    };
  }
  const treasury = privateKeyToAccount(deps.deployerPrivateKey);
  const read = chain.publicClient;
  const wallet = createWalletClient({
    account: treasury,
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });

  /** Signs a new transfer and records it in place of `previous` (null: no record yet). */
  const signAndRecord = async (previous: string | null): Promise<string | AllocationOutcome> => {
    const held = await read.readContract({
      address: contracts.token,
      abi: getsTokenAbi,
      functionName: 'balanceOf',
      args: [treasury.address],
    });
    if (held < deps.units) {
      return {
        warning: `FIRST_ADMIN_GETS: the treasury account ${treasury.address} holds ${formatGets(held)} ${TOKEN.symbol}, less than ${formatGets(deps.units)}; send ${TOKEN.symbol} to the first admin's wallet ${adminAccount} yourself`,
      };
    }
    const request = await wallet.prepareTransactionRequest({
      to: contracts.token,
      data: encodeFunctionData({
        abi: getsTokenAbi,
        functionName: 'transfer',
        args: [adminAccount, deps.units],
      }),
    });
    const raw = await wallet.signTransaction(request);
    const record: AllocationRecord = {
      status: 'sent',
      to: adminAccount,
      units: deps.units.toString(),
      hash: keccak256(raw),
      raw,
      nonce: request.nonce,
    };
    if (previous === null)
      return insertSettingOnce(db, FIRST_ADMIN_GETS_SETTING, JSON.stringify(record));
    await replaceRecord(db, previous, record);
    return (await findSetting(db, FIRST_ADMIN_GETS_SETTING))!;
  };

  if (!stored) {
    const inForce = await signAndRecord(null);
    if (typeof inForce !== 'string') return inForce;
    stored = inForce;
  }
  let record = JSON.parse(stored) as AllocationRecord;
  if (record.status === 'done') return {};

  const receipt = await read.getTransactionReceipt({ hash: record.hash }).catch(() => null);
  if (!receipt) {
    // Mined nonces only: a transfer waiting in the node's pool is not lost.
    const minedNonces = await read.getTransactionCount({
      address: treasury.address,
      blockTag: 'latest',
    });
    if (minedNonces > record.nonce) {
      // Its nonce went to another transaction (it was never sent): sign anew.
      const inForce = await signAndRecord(stored);
      if (typeof inForce !== 'string') return inForce;
      stored = inForce;
      record = JSON.parse(stored) as AllocationRecord;
      if (record.status === 'done') return {};
    }
    // Sent for the first time, or again (the node may have dropped it): the same bytes.
    await read
      .sendRawTransaction({ serializedTransaction: (record as { raw: Hex }).raw })
      .catch(() => undefined);
  }
  const mined = receipt ?? (await read.waitForTransactionReceipt({ hash: record.hash }));
  if (mined.status !== 'success') {
    throw new Error(`FIRST_ADMIN_GETS: the transfer ${record.hash} to the first admin reverted`);
  }
  await replaceRecord(db, stored, {
    status: 'done',
    to: record.to,
    units: record.units,
    hash: record.hash,
  });
  return { sent: { to: record.to, amount: formatGets(record.units), hash: record.hash } };
}
