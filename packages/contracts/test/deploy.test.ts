// deployPlatform against a real Anvil (chain id 137), then a gas-free flow: two users with no ETH
// sign ERC-2771 requests (register, approve, stake) that one relayer transaction executes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseEther,
  parseEventLogs,
  type Address,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  DEFAULT_INITIAL_SUPPLY,
  communityTreasureAbi,
  contractNames,
  deployPlatform,
  getsTokenAbi,
  isPlatformDeployed,
  platformForwarderAbi,
  platformSettingsAbi,
  signForwardRequest,
  signGetsPermit,
  userRegistryAbi,
  type ForwardRequestData,
  type PlatformDeployment,
} from '../src/index.ts';
import { startAnvil, type AnvilInstance } from './anvil.ts';

// Anvil's well-known development keys (accounts 0-3).
const deployer = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
);
const admin = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);
const relayer = privateKeyToAccount(
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
);
const treasury = privateKeyToAccount(
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
);

let anvil: AnvilInstance;
let publicClient: PublicClient;
let deployment: PlatformDeployment;
const chain = defineChain({
  id: 137,
  name: 'Anvil (137)',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
});

function wallet(account: typeof deployer) {
  return createWalletClient({ account, chain, transport: http(anvil.url), pollingInterval: 50 });
}

beforeAll(async () => {
  anvil = await startAnvil(['--chain-id', '137']);
  publicClient = createPublicClient({ chain, transport: http(anvil.url), pollingInterval: 50 });
  deployment = await deployPlatform({
    publicClient,
    walletClient: wallet(deployer),
    admin: admin.address,
    relayers: [relayer.address],
    treasury: treasury.address,
  });
});

afterAll(async () => {
  await anvil?.stop();
});

describe('deployPlatform', () => {
  it('deploys code at every address and reports chain, deployer and block', async () => {
    expect(deployment.chainId).toBe(137);
    expect(deployment.deployer).toBe(deployer.address);
    expect(deployment.blockNumber).toMatch(/^[1-9]\d*$/);
    expect(Object.keys(deployment.contracts).sort()).toEqual([...contractNames].sort());
    for (const name of contractNames) {
      const code = await publicClient.getCode({ address: deployment.contracts[name] });
      expect(code && code.length > 2, `${name} has code`).toBe(true);
    }
    expect(await isPlatformDeployed(publicClient, deployment.contracts)).toBe(true);
    const missing = {
      ...deployment.contracts,
      token: '0x000000000000000000000000000000000000dEaD' as Address,
    };
    expect(await isPlatformDeployed(publicClient, missing)).toBe(false);
  });

  it('mints the GETS supply to the treasury', async () => {
    const token = { address: deployment.contracts.token, abi: getsTokenAbi } as const;
    expect(await publicClient.readContract({ ...token, functionName: 'symbol' })).toBe('GETS');
    expect(await publicClient.readContract({ ...token, functionName: 'decimals' })).toBe(18);
    expect(await publicClient.readContract({ ...token, functionName: 'totalSupply' })).toBe(
      DEFAULT_INITIAL_SUPPLY,
    );
    expect(
      await publicClient.readContract({
        ...token,
        functionName: 'balanceOf',
        args: [treasury.address],
      }),
    ).toBe(DEFAULT_INITIAL_SUPPLY);
  });

  it('grants the admin and relayer roles, and nothing to others', async () => {
    const forwarder = {
      address: deployment.contracts.forwarder,
      abi: platformForwarderAbi,
    } as const;
    const settings = { address: deployment.contracts.settings, abi: platformSettingsAbi } as const;
    const relayerRole = await publicClient.readContract({
      ...forwarder,
      functionName: 'RELAYER_ROLE',
    });
    const adminRole = await publicClient.readContract({ ...settings, functionName: 'ADMIN_ROLE' });
    expect(
      await publicClient.readContract({
        ...forwarder,
        functionName: 'hasRole',
        args: [relayerRole, relayer.address],
      }),
    ).toBe(true);
    expect(
      await publicClient.readContract({
        ...settings,
        functionName: 'hasRole',
        args: [adminRole, admin.address],
      }),
    ).toBe(true);
    expect(
      await publicClient.readContract({
        ...settings,
        functionName: 'hasRole',
        args: [adminRole, deployer.address],
      }),
    ).toBe(false);

    await expect(
      publicClient.simulateContract({
        ...settings,
        functionName: 'setClaimPeriod',
        args: [5],
        account: relayer,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);

    const hash = await wallet(admin).writeContract({
      ...settings,
      functionName: 'setClaimPeriod',
      args: [12],
    });
    await publicClient.waitForTransactionReceipt({ hash });
    expect(await publicClient.readContract({ ...settings, functionName: 'claimPeriod' })).toBe(12);
  });

  it('runs two gas-less users’ signed requests in one relayer transaction', async () => {
    const { forwarder, token, registry, treasure } = deployment.contracts;
    const users = [
      privateKeyToAccount(generatePrivateKey()),
      privateKeyToAccount(generatePrivateKey()),
    ];
    const stake = parseEther('40');

    // The treasury gives each user GETS; the users never get ETH.
    for (const user of users) {
      const hash = await wallet(treasury).writeContract({
        address: token,
        abi: getsTokenAbi,
        functionName: 'transfer',
        args: [user.address, parseEther('100')],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }

    const deadline = Math.floor(Date.now() / 1000) + 600;
    const requests: ForwardRequestData[] = [];
    for (const user of users) {
      const nonce = await publicClient.readContract({
        address: forwarder,
        abi: platformForwarderAbi,
        functionName: 'nonces',
        args: [user.address],
      });
      const calls = [
        {
          to: registry,
          data: encodeFunctionData({ abi: userRegistryAbi, functionName: 'register' }),
        },
        {
          to: token,
          data: encodeFunctionData({
            abi: getsTokenAbi,
            functionName: 'approve',
            args: [treasure, stake],
          }),
        },
        {
          to: treasure,
          data: encodeFunctionData({
            abi: communityTreasureAbi,
            functionName: 'stake',
            args: [stake],
          }),
        },
      ];
      for (const [i, call] of calls.entries()) {
        requests.push(
          await signForwardRequest({
            account: user,
            forwarder,
            chainId: deployment.chainId,
            ...call,
            nonce: nonce + BigInt(i),
            deadline,
          }),
        );
      }
    }

    await expect(
      publicClient.simulateContract({
        address: forwarder,
        abi: platformForwarderAbi,
        functionName: 'executeBatch',
        args: [requests, '0x0000000000000000000000000000000000000000'],
        account: deployer,
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);

    const hash = await wallet(relayer).writeContract({
      address: forwarder,
      abi: platformForwarderAbi,
      functionName: 'executeBatch',
      args: [requests, relayer.address],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');

    const executed = parseEventLogs({
      abi: platformForwarderAbi,
      eventName: 'ExecutedForwardRequest',
      logs: receipt.logs,
    });
    expect(executed.map((e) => e.args.success)).toEqual([true, true, true, true, true, true]);

    const registered = parseEventLogs({
      abi: userRegistryAbi,
      eventName: 'UserRegistered',
      logs: receipt.logs,
    });
    expect(registered.map((e) => [e.args.userId, e.args.account])).toEqual([
      [1n, users[0]!.address],
      [2n, users[1]!.address],
    ]);

    const staked = parseEventLogs({
      abi: communityTreasureAbi,
      eventName: 'Staked',
      logs: receipt.logs,
    });
    expect(staked.map((e) => [e.args.stakeId, e.args.staker, e.args.amount])).toEqual([
      [1n, users[0]!.address, stake],
      [2n, users[1]!.address, stake],
    ]);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    expect(staked[0]!.args.unlockAt).toBe(block.timestamp + 30n * 86_400n);

    for (const user of users) {
      expect(await publicClient.getBalance({ address: user.address })).toBe(0n);
      expect(
        await publicClient.readContract({
          address: treasure,
          abi: communityTreasureAbi,
          functionName: 'stakedBalanceOf',
          args: [user.address],
        }),
      ).toBe(stake);
    }
    expect(
      await publicClient.readContract({
        address: treasure,
        abi: communityTreasureAbi,
        functionName: 'totalStaked',
      }),
    ).toBe(2n * stake);
  });

  it('signGetsPermit signs a permit stakeWithPermit takes: one gas-less request stakes with no approve', async () => {
    const { forwarder, token, treasure } = deployment.contracts;
    const user = privateKeyToAccount(generatePrivateKey());
    const amount = parseEther('25');
    const funded = await wallet(treasury).writeContract({
      address: token,
      abi: getsTokenAbi,
      functionName: 'transfer',
      args: [user.address, amount],
    });
    await publicClient.waitForTransactionReceipt({ hash: funded });

    const read = <T>(functionName: string, address: Address, abi: unknown, args: unknown[]) =>
      publicClient.readContract({
        address,
        abi: abi as never,
        functionName,
        args,
      } as never) as Promise<T>;
    const permit = await signGetsPermit({
      account: user,
      token,
      chainId: deployment.chainId,
      spender: treasure,
      value: amount,
      nonce: await read<bigint>('nonces', token, getsTokenAbi, [user.address]),
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
    });
    const request = await signForwardRequest({
      account: user,
      forwarder,
      chainId: deployment.chainId,
      to: treasure,
      data: encodeFunctionData({
        abi: communityTreasureAbi,
        functionName: 'stakeWithPermit',
        args: [amount, permit.deadline, permit.v, permit.r, permit.s],
      }),
      nonce: await read<bigint>('nonces', forwarder, platformForwarderAbi, [user.address]),
      deadline: Math.floor(Date.now() / 1000) + 600,
      gas: 300_000n,
    });
    const hash = await wallet(relayer).writeContract({
      address: forwarder,
      abi: platformForwarderAbi,
      functionName: 'executeBatch',
      args: [[request], relayer.address],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    const executed = parseEventLogs({
      abi: platformForwarderAbi,
      eventName: 'ExecutedForwardRequest',
      logs: receipt.logs,
    });
    expect(executed.map((e) => e.args.success)).toEqual([true]);
    expect(
      await read<bigint>('stakedBalanceOf', treasure, communityTreasureAbi, [user.address]),
    ).toBe(amount);
    expect(await read<bigint>('balanceOf', token, getsTokenAbi, [user.address])).toBe(0n);
  });
});
