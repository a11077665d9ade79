// Deploys the whole platform (forwarder, GETS, settings, registry, badges, treasure) and returns
// the addresses the server stores by chain id. Roles are granted by the constructors.
import { getContractAddress } from 'viem';
import type { Abi, Address, Hex, PublicClient, WalletClient } from 'viem';
import { platformForwarderAbi, platformForwarderBytecode } from './generated/PlatformForwarder.ts';
import { getsTokenAbi, getsTokenBytecode } from './generated/GetsToken.ts';
import { platformSettingsAbi, platformSettingsBytecode } from './generated/PlatformSettings.ts';
import { userRegistryAbi, userRegistryBytecode } from './generated/UserRegistry.ts';
import { badgeEscrowAbi, badgeEscrowBytecode } from './generated/BadgeEscrow.ts';
import { communityTreasureAbi, communityTreasureBytecode } from './generated/CommunityTreasure.ts';

/** 1,000,000,000 GETS (18 decimals): the default initial supply, minted to the treasury. */
export const DEFAULT_INITIAL_SUPPLY = 1_000_000_000n * 10n ** 18n;

/** Keys of PlatformContracts, in deployment order (badgeToken is created by badges). */
export const contractNames = [
  'forwarder',
  'token',
  'settings',
  'registry',
  'badges',
  'badgeToken',
  'treasure',
] as const;

export type ContractName = (typeof contractNames)[number];

/** Addresses of the deployed contracts. */
export type PlatformContracts = Record<ContractName, Address>;

export interface DeployOptions {
  publicClient: PublicClient;
  /** Must carry the deployer account (it pays the deployment gas and holds no role). */
  walletClient: WalletClient;
  /** Receives DEFAULT_ADMIN_ROLE and ADMIN_ROLE on every contract. */
  admin: Address;
  /** Receive RELAYER_ROLE on the forwarder. */
  relayers: Address[];
  /** Platform treasury account: initial GETS supply and badge creation fees. */
  treasury: Address;
  /** Initial GETS supply in 18-decimal units; DEFAULT_INITIAL_SUPPLY when omitted. */
  initialSupply?: bigint;
}

export interface PlatformDeployment {
  chainId: number;
  deployer: Address;
  /** Block of the last deployment transaction, as a decimal string. */
  blockNumber: string;
  contracts: PlatformContracts;
}

/**
 * Deploys every contract, wires their addresses and grants the roles (admin on all, relayers on
 * the forwarder). Transactions are sent back to back with explicit nonces and the receipts awaited
 * together; throws when any of them reverts or a contract ends up elsewhere than predicted.
 */
export async function deployPlatform(o: DeployOptions): Promise<PlatformDeployment> {
  const { publicClient, walletClient } = o;
  const account = walletClient.account;
  if (!account) throw new Error('deployPlatform: walletClient has no account');
  const deployer = account.address;
  const chainId = await publicClient.getChainId();
  const firstNonce = await publicClient.getTransactionCount({
    address: deployer,
    blockTag: 'pending',
  });
  const at = (offset: number): Address =>
    getContractAddress({ from: deployer, nonce: BigInt(firstNonce + offset) });

  const forwarder = at(0);
  const token = at(1);
  const settings = at(2);
  const registry = at(3);
  const badges = at(4);
  const treasure = at(5);
  const initialSupply = o.initialSupply ?? DEFAULT_INITIAL_SUPPLY;

  const plan: { name: ContractName; abi: Abi; bytecode: Hex; args: readonly unknown[] }[] = [
    {
      name: 'forwarder',
      abi: platformForwarderAbi,
      bytecode: platformForwarderBytecode,
      args: [o.admin, o.relayers],
    },
    {
      name: 'token',
      abi: getsTokenAbi,
      bytecode: getsTokenBytecode,
      args: [o.admin, o.treasury, initialSupply, forwarder],
    },
    {
      name: 'settings',
      abi: platformSettingsAbi,
      bytecode: platformSettingsBytecode,
      args: [o.admin, o.treasury, forwarder],
    },
    { name: 'registry', abi: userRegistryAbi, bytecode: userRegistryBytecode, args: [forwarder] },
    {
      name: 'badges',
      abi: badgeEscrowAbi,
      bytecode: badgeEscrowBytecode,
      args: [o.admin, token, settings, forwarder],
    },
    {
      name: 'treasure',
      abi: communityTreasureAbi,
      bytecode: communityTreasureBytecode,
      args: [o.admin, token, settings, forwarder],
    },
  ];

  const hashes: Hex[] = [];
  for (const [i, step] of plan.entries()) {
    hashes.push(
      await walletClient.deployContract({
        abi: step.abi,
        bytecode: step.bytecode,
        args: step.args,
        account,
        chain: walletClient.chain ?? null,
        nonce: firstNonce + i,
      }),
    );
  }

  const expected = [forwarder, token, settings, registry, badges, treasure];
  let blockNumber = 0n;
  for (const [i, hash] of hashes.entries()) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const name = plan[i]?.name;
    if (receipt.status !== 'success')
      throw new Error(`deployPlatform: ${name} deployment reverted (${hash})`);
    if (receipt.contractAddress?.toLowerCase() !== expected[i]?.toLowerCase()) {
      throw new Error(
        `deployPlatform: ${name} deployed at ${receipt.contractAddress}, expected ${expected[i]}`,
      );
    }
    if (receipt.blockNumber > blockNumber) blockNumber = receipt.blockNumber;
  }

  const badgeToken = await publicClient.readContract({
    address: badges,
    abi: badgeEscrowAbi,
    functionName: 'badgeToken',
  });

  return {
    chainId,
    deployer,
    blockNumber: blockNumber.toString(),
    contracts: { forwarder, token, settings, registry, badges, badgeToken, treasure },
  };
}

/** True when every contract of a stored deployment has code on the chain (else re-deploy). */
export async function isPlatformDeployed(
  publicClient: PublicClient,
  contracts: PlatformContracts,
): Promise<boolean> {
  const codes = await Promise.all(
    contractNames.map((name) => publicClient.getCode({ address: contracts[name] })),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}
