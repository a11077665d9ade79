// A real badge token on the test chain, minted the way the platform's badge
// flow does it, with viem directly: the sponsor (a wallet the deployer funds)
// creates a badge and escrows its reward, the platform's admin approves it,
// the earner requests it, the sponsor approves the request and the earner
// claims it. The claim's transaction and token id are a real chain proof.
import {
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { badgeEscrowAbi, getsTokenAbi } from '@gets/contracts';
import type { AppContext } from '../../src/context.ts';
import { listAdminAccounts } from '../../src/modules/admin-auth/admin-repository.ts';
import { fundWithGets } from './accounts.ts';

export interface MintedBadgeToken {
  badgeId: bigint;
  requestId: bigint;
  tokenId: bigint;
  /** The claim's transaction. */
  transactionHash: Hex;
  /** The block time of the claim. */
  claimedAt: Date;
  sponsor: Address;
}

type Ctx = Pick<AppContext, 'chain' | 'contracts' | 'db' | 'keystore'>;

/** Mints a badge token to the earner's custodial wallet; answers the claim's chain record. */
export async function mintBadgeToken(ctx: Ctx, earner: Address): Promise<MintedBadgeToken> {
  const { chain, contracts, db, keystore } = ctx;
  const transport = http(chain.rpcUrl);
  const testClient = createTestClient({ mode: 'anvil', chain: chain.chain, transport });
  const sponsor = privateKeyToAccount(generatePrivateKey());
  const [admin] = await listAdminAccounts(db);
  if (!admin) throw new Error('the test platform has no admin wallet');
  // Gas for the three parties; GETS for the sponsor's escrow (2 badges × 5 GETS + the 9 GETS fee).
  for (const address of [sponsor.address, admin, earner]) {
    await testClient.setBalance({ address, value: parseEther('10') });
  }
  await fundWithGets(ctx as AppContext, [sponsor.address], '19');

  const send = async (
    account: LocalAccount,
    call: {
      address: Address;
      abi: typeof badgeEscrowAbi | typeof getsTokenAbi;
      functionName: string;
      args: unknown[];
    },
  ) => {
    const wallet = createWalletClient({ account, chain: chain.chain, transport });
    const hash = await wallet.writeContract(call as never);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
    return receipt;
  };
  const asCustodial = <T>(address: Address, fn: (account: LocalAccount) => Promise<T>) =>
    keystore.withSigner(db, address, fn);
  const escrow = { address: contracts.badges, abi: badgeEscrowAbi };

  const now = BigInt(Math.floor(Date.now() / 1000));
  await send(sponsor, {
    address: contracts.token,
    abi: getsTokenAbi,
    functionName: 'approve',
    args: [contracts.badges, parseUnits('19', 18)],
  });
  const created = await send(sponsor, {
    ...escrow,
    functionName: 'createBadge',
    args: [true, parseUnits('5', 18), 2, now + 30n * 86_400n],
  });
  const [badgeCreated] = parseEventLogs({
    abi: badgeEscrowAbi,
    logs: created.logs,
    eventName: 'BadgeCreated',
  });
  const badgeId = badgeCreated!.args.badgeId;
  await asCustodial(admin, (account) =>
    send(account, {
      ...escrow,
      functionName: 'approveBadge',
      args: [badgeId, now + 20n * 86_400n],
    }),
  );
  const requested = await asCustodial(earner, (account) =>
    send(account, { ...escrow, functionName: 'requestBadge', args: [badgeId] }),
  );
  const [badgeRequested] = parseEventLogs({
    abi: badgeEscrowAbi,
    logs: requested.logs,
    eventName: 'BadgeRequested',
  });
  const requestId = badgeRequested!.args.requestId;
  await send(sponsor, { ...escrow, functionName: 'processRequests', args: [[requestId], [true]] });
  const claimed = await asCustodial(earner, (account) =>
    send(account, { ...escrow, functionName: 'claimBadge', args: [requestId] }),
  );
  const [badgeClaimed] = parseEventLogs({
    abi: badgeEscrowAbi,
    logs: claimed.logs,
    eventName: 'BadgeClaimed',
  });
  const block = await chain.publicClient.getBlock({ blockHash: claimed.blockHash });
  return {
    badgeId,
    requestId,
    tokenId: badgeClaimed!.args.tokenId,
    transactionHash: claimed.transactionHash,
    claimedAt: new Date(Number(block.timestamp) * 1000),
    sponsor: sponsor.address,
  };
}
