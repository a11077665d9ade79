// The chain record of an award: the credential's evidence names the claim's
// transaction and badge token; the chain must show that transaction minted
// that token to the earner's wallet (the credential's subject), which still
// holds it. Only this platform's badges carry such a record.
import { getAddress, isAddressEqual, parseEventLogs, zeroAddress, type Hex } from 'viem';
import { badgeTokenAbi } from '@gets/contracts';
import { PRODUCT_NAME, type VerificationCheck } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { CHAIN_EVIDENCE_GENRE } from './open-badge-credential.ts';
import { asArray, failed, field, passed, skipped, type Json } from './verify-report.ts';

export type ChainDeps = Pick<AppContext, 'chain' | 'contracts'>;

export async function chainCheck(deps: ChainDeps, credential: Json): Promise<VerificationCheck> {
  const record = asArray(credential.evidence).find(
    (e): e is Json => field(e, 'genre') === CHAIN_EVIDENCE_GENRE,
  );
  const wallet = walletOfSubject(field(credential.credentialSubject, 'id'));
  const hash = field(record, 'transactionHash');
  const contract = field(record, 'tokenContract');
  const tokenIdText = field(record, 'tokenId');
  const chainId = record?.chainId;
  if (
    !record ||
    !wallet ||
    typeof hash !== 'string' ||
    !/^0x[0-9a-fA-F]{64}$/.test(hash) ||
    typeof contract !== 'string' ||
    !/^0x[0-9a-fA-F]{40}$/.test(contract) ||
    typeof tokenIdText !== 'string' ||
    !/^\d+$/.test(tokenIdText)
  ) {
    return failed(
      'chain',
      'No chain record',
      'The credential names no badge token on chain for its earner.',
    );
  }
  const tokenId = BigInt(tokenIdText);
  const ourChain = deps.chain.chain.id;
  if (chainId !== ourChain || wallet.chainId !== ourChain) {
    return failed(
      'chain',
      'Another chain',
      `Its badge token is recorded on chain ${String(chainId)}, but ${PRODUCT_NAME} runs on chain ${ourChain}.`,
    );
  }
  if (!isAddressEqual(contract as Hex, deps.contracts.badgeToken)) {
    return failed(
      'chain',
      'Not a platform badge',
      `The token it names (contract ${contract}) is not a ${PRODUCT_NAME} badge token.`,
    );
  }
  const label = `Badge token #${tokenId}`;
  try {
    const receipt = await deps.chain.publicClient
      .getTransactionReceipt({ hash: hash as Hex })
      .catch((error: unknown) => {
        if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
        throw error;
      });
    if (!receipt || receipt.status !== 'success') {
      return failed(
        'chain',
        'Not on chain',
        `The transaction ${hash} it names ${receipt ? 'failed' : 'does not exist'} on chain ${ourChain}, so the award is not recorded there.`,
      );
    }
    const minted = parseEventLogs({
      abi: badgeTokenAbi,
      logs: receipt.logs,
      eventName: 'Transfer',
    }).some(
      (log) =>
        isAddressEqual(log.address, deps.contracts.badgeToken) &&
        isAddressEqual(log.args.from, zeroAddress) &&
        isAddressEqual(log.args.to, wallet.address) &&
        log.args.tokenId === tokenId,
    );
    if (!minted) {
      return failed(
        'chain',
        'Does not match the chain',
        `The transaction ${hash} did not mint ${label.toLowerCase()} to the earner's wallet ${wallet.address}.`,
      );
    }
    const owner = await deps.chain.publicClient.readContract({
      address: deps.contracts.badgeToken,
      abi: badgeTokenAbi,
      functionName: 'ownerOf',
      args: [tokenId],
    });
    if (!isAddressEqual(owner, wallet.address)) {
      return failed(
        'chain',
        'Held by another wallet',
        `${label} now belongs to ${owner}, not to the earner's wallet.`,
      );
    }
    return passed(
      'chain',
      'Recorded on chain',
      `${label} was minted to the earner's wallet ${wallet.address} in transaction ${hash} on chain ${ourChain}, and that wallet still holds it.`,
    );
  } catch {
    return skipped(
      'chain',
      'Chain not reachable',
      'The chain could not be read just now; please try again in a moment.',
    );
  }
}

/** `did:pkh:eip155:<chain>:<address>` (the credential's subject) to its chain and address. */
export function walletOfSubject(id: unknown): { chainId: number; address: `0x${string}` } | null {
  if (typeof id !== 'string') return null;
  const match = /^did:pkh:eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(id);
  return match ? { chainId: Number(match[1]), address: getAddress(match[2]!) } : null;
}
