// EIP-712 signing of ERC2771Forwarder requests: how a user's call reaches the contracts gas-free.
import type { Address, Hex, LocalAccount } from 'viem';

/** The EIP-712 domain name and version PlatformForwarder was deployed with. */
export const FORWARDER_DOMAIN = { name: 'GETS Forwarder', version: '1' } as const;

/** EIP-712 types of OpenZeppelin's ERC2771Forwarder ForwardRequest. */
export const forwardRequestTypes = {
  ForwardRequest: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'gas', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint48' },
    { name: 'data', type: 'bytes' },
  ],
} as const;

/** The struct ERC2771Forwarder.execute / executeBatch take (the nonce is the forwarder's). */
export interface ForwardRequestData {
  from: Address;
  to: Address;
  value: bigint;
  gas: bigint;
  deadline: number;
  data: Hex;
  signature: Hex;
}

export interface SignForwardRequestOptions {
  /** The user's key (custodial signer). */
  account: LocalAccount;
  forwarder: Address;
  chainId: number;
  /** Target contract and calldata of the user's call. */
  to: Address;
  data: Hex;
  /** forwarder.nonces(user), plus one for each request already signed in the same batch. */
  nonce: bigint;
  /** Unix time (seconds) after which the forwarder rejects the request. */
  deadline: number;
  /** Gas forwarded to the call; the relayer must supply at least this much. */
  gas?: bigint;
  value?: bigint;
}

/** Signs a ForwardRequest and returns it in the shape the forwarder takes. */
export async function signForwardRequest(
  o: SignForwardRequestOptions,
): Promise<ForwardRequestData> {
  const gas = o.gas ?? 500_000n;
  const value = o.value ?? 0n;
  const signature = await o.account.signTypedData({
    domain: { ...FORWARDER_DOMAIN, chainId: o.chainId, verifyingContract: o.forwarder },
    types: forwardRequestTypes,
    primaryType: 'ForwardRequest',
    message: {
      from: o.account.address,
      to: o.to,
      value,
      gas,
      nonce: o.nonce,
      deadline: o.deadline,
      data: o.data,
    },
  });
  return {
    from: o.account.address,
    to: o.to,
    value,
    gas,
    deadline: o.deadline,
    data: o.data,
    signature,
  };
}
