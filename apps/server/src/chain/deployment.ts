// Makes sure the platform's contracts exist on the connected chain: the
// addresses from configuration, else the ones recorded in the database, else
// a fresh deployment recorded for the next start.
import { createWalletClient, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { contractNames, deployPlatform } from '@gets/contracts';
import type { Config } from '../config.ts';
import { holdAdvisoryLock, type Database } from '../db/database.ts';
import type { ChainConnection } from './chain.ts';
import { findDeployment, saveDeployment, type DeploymentRecord } from './deployment-repository.ts';

export interface DeploymentLog {
  info(message: string): void;
}

export async function ensureDeployment(
  db: Database,
  chain: ChainConnection,
  config: Pick<
    Config,
    'contractAddresses' | 'deployerPrivateKey' | 'relayerPrivateKeys' | 'treasuryAddress'
  >,
  log: DeploymentLog,
): Promise<DeploymentRecord> {
  const chainId = chain.chain.id;
  if (config.contractAddresses) {
    const missing = contractNames.filter((name) => !config.contractAddresses![name]);
    if (missing.length > 0) {
      throw new Error(
        `CONTRACT_ADDRESSES: missing ${missing.join(', ')} (needs ${contractNames.join(', ')})`,
      );
    }
    await assertCodeAt(chain, config.contractAddresses, 'CONTRACT_ADDRESSES');
    // Deployed elsewhere: who deployed them, and when, is not this server's to know.
    return { chainId, contracts: config.contractAddresses, deployer: '0x', blockNumber: '0' };
  }

  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'deployment');
    const recorded = await findDeployment(tx, chainId);
    if (recorded && (await hasCodeAt(chain, recorded.contracts))) return recorded;
    if (recorded) {
      log.info(`Recorded contracts for chain ${chainId} are missing on chain; deploying again`);
    }
    if (!config.deployerPrivateKey) {
      throw new Error(
        'DEPLOYER_PRIVATE_KEY: needed to deploy the contracts, and none is configured',
      );
    }
    const deployer = privateKeyToAccount(config.deployerPrivateKey);
    const walletClient = createWalletClient({
      account: deployer,
      chain: chain.chain,
      transport: http(chain.rpcUrl),
    });
    const relayers = config.relayerPrivateKeys.map((key) => privateKeyToAccount(key).address);
    const deployment = await deployPlatform({
      publicClient: chain.publicClient,
      walletClient,
      admin: deployer.address,
      relayers,
      treasury: (config.treasuryAddress ?? deployer.address) as Address,
    });
    const record: DeploymentRecord = {
      chainId,
      contracts: deployment.contracts as unknown as Record<string, `0x${string}`>,
      deployer: deployer.address,
      blockNumber: deployment.blockNumber,
    };
    await saveDeployment(tx, record);
    log.info(`Deployed the platform contracts on chain ${chainId} at block ${record.blockNumber}`);
    return record;
  });
}

async function hasCodeAt(chain: ChainConnection, contracts: Record<string, Address>) {
  const codes = await Promise.all(
    Object.values(contracts).map((address) => chain.publicClient.getCode({ address })),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}

async function assertCodeAt(
  chain: ChainConnection,
  contracts: Record<string, Address>,
  source: string,
) {
  for (const [name, address] of Object.entries(contracts)) {
    const code = await chain.publicClient.getCode({ address });
    if (!code || code === '0x') {
      throw new Error(
        `${source}: no contract code at ${address} (${name}) on chain ${chain.chain.id}`,
      );
    }
  }
}
