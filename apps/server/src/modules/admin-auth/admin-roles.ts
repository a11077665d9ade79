// Admin wallets need ADMIN_ROLE on the contracts an admin acts on (settings,
// badges, treasure, token). deployPlatform gave the roles to the deployer;
// here the deployer grants ADMIN_ROLE to each admin wallet that lacks it.
// Idempotent: it reads hasRole first, so a later start sends nothing. Under an
// advisory lock, so of processes starting together one sends and the others
// read the roles it granted.
import { createWalletClient, http, zeroHash, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { platformSettingsAbi, type PlatformContracts } from '@gets/contracts';
import type { ChainConnection } from '../../chain/chain.ts';
import { holdAdvisoryLock, type Database } from '../../db/database.ts';
import { listAdminAccounts } from './admin-repository.ts';

/** The contracts with an ADMIN_ROLE an admin needs (the forwarder has none). */
export const ADMIN_ROLE_CONTRACTS = ['settings', 'badges', 'treasure', 'token'] as const;

// Every platform contract inherits OpenZeppelin AccessControl, so one ABI reads them all.
const accessControlAbi = platformSettingsAbi;

export interface RoleGrant {
  contract: (typeof ADMIN_ROLE_CONTRACTS)[number];
  account: Address;
  transactionHash: `0x${string}`;
}

type MissingRole = { contract: RoleGrant['contract']; account: Address; role: `0x${string}` };

export async function ensureAdminRoles(
  db: Database,
  chain: ChainConnection,
  contracts: PlatformContracts,
  deployerPrivateKey: `0x${string}` | undefined,
  log: { warn(message: string): void },
): Promise<RoleGrant[]> {
  // A start that finds every role held (all but the first) takes no lock.
  const accounts = await listAdminAccounts(db);
  if ((await missingRoles(chain, contracts, accounts)).length === 0) return [];
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'adminRoleGrants');
    // Read again under the lock: a process that waited finds them granted.
    const missing = await missingRoles(chain, contracts, await listAdminAccounts(tx));
    return grantRoles(chain, contracts, deployerPrivateKey, missing, log);
  });
}

async function missingRoles(
  chain: ChainConnection,
  contracts: PlatformContracts,
  accounts: Address[],
): Promise<MissingRole[]> {
  const read = chain.publicClient;
  const missing: MissingRole[] = [];
  for (const contract of ADMIN_ROLE_CONTRACTS) {
    const address = contracts[contract];
    const role = await read.readContract({
      address,
      abi: accessControlAbi,
      functionName: 'ADMIN_ROLE',
    });
    for (const account of accounts) {
      const has = await read.readContract({
        address,
        abi: accessControlAbi,
        functionName: 'hasRole',
        args: [role, account],
      });
      if (!has) missing.push({ contract, account, role });
    }
  }
  return missing;
}

async function grantRoles(
  chain: ChainConnection,
  contracts: PlatformContracts,
  deployerPrivateKey: `0x${string}` | undefined,
  missing: MissingRole[],
  log: { warn(message: string): void },
): Promise<RoleGrant[]> {
  const read = chain.publicClient;
  if (missing.length === 0) return [];
  if (!deployerPrivateKey) {
    log.warn(
      'Admin wallets lack ADMIN_ROLE and no DEPLOYER_PRIVATE_KEY is configured to grant it; admin chain actions will fail',
    );
    return [];
  }

  const deployer = privateKeyToAccount(deployerPrivateKey);
  const wallet = createWalletClient({
    account: deployer,
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  const grants: RoleGrant[] = [];
  for (const { contract, account, role } of missing) {
    const canGrant = await read.readContract({
      address: contracts[contract],
      abi: accessControlAbi,
      functionName: 'hasRole',
      args: [zeroHash, deployer.address],
    });
    if (!canGrant) {
      log.warn(
        `The deployer ${deployer.address} cannot grant ADMIN_ROLE on ${contract}; grant it to ${account} by hand`,
      );
      continue;
    }
    const hash = await wallet.writeContract({
      address: contracts[contract],
      abi: accessControlAbi,
      functionName: 'grantRole',
      args: [role, account],
    });
    const receipt = await read.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') {
      throw new Error(`grantRole ADMIN_ROLE on ${contract} to ${account} reverted (${hash})`);
    }
    grants.push({ contract, account, transactionHash: hash });
  }
  return grants;
}
