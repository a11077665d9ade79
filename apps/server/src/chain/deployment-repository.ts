import type { Queryable } from '../db/database.ts';

export interface DeploymentRecord {
  chainId: number;
  contracts: Record<string, `0x${string}`>;
  deployer: `0x${string}`;
  blockNumber: string;
}

export async function findDeployment(
  db: Queryable,
  chainId: number,
): Promise<DeploymentRecord | null> {
  const rows = await db.query<{
    chain_id: number;
    contracts: Record<string, `0x${string}`>;
    deployer: `0x${string}`;
    block_number: string;
  }>(
    'SELECT chain_id, contracts, deployer, block_number::text FROM chain_deployments WHERE chain_id = $1',
    [chainId],
  );
  const row = rows[0];
  return row
    ? {
        chainId: row.chain_id,
        contracts: row.contracts,
        deployer: row.deployer,
        blockNumber: row.block_number,
      }
    : null;
}

export async function saveDeployment(db: Queryable, record: DeploymentRecord): Promise<void> {
  await db.query(
    `INSERT INTO chain_deployments (chain_id, contracts, deployer, block_number)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (chain_id) DO UPDATE
       SET contracts = EXCLUDED.contracts, deployer = EXCLUDED.deployer,
           block_number = EXCLUDED.block_number, deployed_at = now()`,
    [record.chainId, JSON.stringify(record.contracts), record.deployer, record.blockNumber],
  );
}
