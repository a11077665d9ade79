// EIP-2612 permits of the GETS token: one signature lets a contract take a
// wallet's GETS, so an action that pays a contract needs no approve first.
import { parseSignature, type Address, type Hex, type LocalAccount } from 'viem';

/** The EIP-712 domain name and version GetsToken (ERC20Permit("GETS")) was deployed with. */
export const GETS_PERMIT_DOMAIN = { name: 'GETS', version: '1' } as const;

export const permitTypes = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface SignPermitOptions {
  /** The owner's key (custodial signer). */
  account: LocalAccount;
  token: Address;
  chainId: number;
  spender: Address;
  value: bigint;
  /** token.nonces(owner) now. */
  nonce: bigint;
  /** Unix time (seconds) after which the permit is refused. */
  deadline: bigint;
}

/** Signs a GETS permit; answers the parts the *WithPermit functions take. */
export async function signGetsPermit(
  o: SignPermitOptions,
): Promise<{ deadline: bigint; v: number; r: Hex; s: Hex }> {
  const signature = await o.account.signTypedData({
    domain: { ...GETS_PERMIT_DOMAIN, chainId: o.chainId, verifyingContract: o.token },
    types: permitTypes,
    primaryType: 'Permit',
    message: {
      owner: o.account.address,
      spender: o.spender,
      value: o.value,
      nonce: o.nonce,
      deadline: o.deadline,
    },
  });
  const { r, s, v, yParity } = parseSignature(signature);
  return { deadline: o.deadline, v: v !== undefined ? Number(v) : yParity + 27, r, s };
}
