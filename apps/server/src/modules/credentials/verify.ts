// Verification of an Open Badges credential, check by check, in words a
// recruiter understands: is it authentic (signature), who issued it (issuer),
// does it still stand (status: active, revoked, expired), and is the award on
// chain (the claim's transaction minted the badge token to the earner's
// wallet, which still holds it). Accepts the VC-JWT, the credential's JSON,
// or (through readCredentialFile) a badge image that carries either.
import { isDeepStrictEqual } from 'node:util';
import { getAddress, isAddressEqual, parseEventLogs, zeroAddress, type Hex } from 'viem';
import { badgeTokenAbi } from '@gets/contracts';
import {
  CREDENTIAL_MESSAGES,
  PRODUCT_NAME,
  type CredentialStatus,
  type CredentialSummary,
  type VerificationCheck,
  type VerificationReport,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { isPng, readBakedCredential } from './baking.ts';
import { findCredentialById, findStatusList } from './credential-repository.ts';
import { credentialIdOf, keyThumbprintOf, statusListIdOf } from './issuer-urls.ts';
import { CHAIN_EVIDENCE_GENRE } from './open-badge-credential.ts';
import {
  encodedStatusList,
  publishedKeys,
  signedJwtOf,
  urlsOf,
  type CredentialDeps,
} from './service.ts';
import { statusBitOf } from './status-list.ts';
import { credentialOfPayload, hasValidSignature, readJwt } from './vc-jwt.ts';

export type VerifyDeps = CredentialDeps & Pick<AppContext, 'chain' | 'contracts'>;

type Json = Record<string, unknown>;

const ENVELOPED_JWT_PREFIX = 'data:application/vc+jwt,';

/** What a file holds: a baked PNG's credential, a JSON document, or a JWT. */
export function readCredentialFile(bytes: Buffer): string | Json {
  if (isPng(bytes)) {
    let baked: string | null;
    try {
      baked = readBakedCredential(bytes);
    } catch {
      throw new AppError(400, CREDENTIAL_MESSAGES.noBakedCredential);
    }
    if (!baked) throw new AppError(400, CREDENTIAL_MESSAGES.noBakedCredential);
    return baked;
  }
  return bytes.toString('utf8');
}

/** The credential as a JWT, or as a JSON document without a signature of its own. */
function normalise(input: string | Json): { jwt: string } | { json: Json } {
  let value: unknown = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text) as unknown;
      } catch {
        throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
      }
    } else {
      if (!readJwt(text)) throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
      return { jwt: text };
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
  }
  const json = value as Json;
  const types = asArray(json.type);
  // VC Data Model 2.0: a JWT-secured credential carried in JSON.
  if (types.includes('EnvelopedVerifiableCredential') && typeof json.id === 'string') {
    if (json.id.startsWith(ENVELOPED_JWT_PREFIX)) {
      return normalise(decodeURIComponent(json.id.slice(ENVELOPED_JWT_PREFIX.length)));
    }
  }
  if (!types.includes('VerifiableCredential')) {
    throw new AppError(400, CREDENTIAL_MESSAGES.notACredential);
  }
  return { json };
}

export async function verifyCredential(
  deps: VerifyDeps,
  input: string | Json,
  now = new Date(),
): Promise<VerificationReport> {
  const given = normalise(input);
  const urls = urlsOf(deps);
  const keys = await publishedKeys(deps);

  // 1. Signature: the issuer key's signature over exactly this content.
  let credential: Json;
  let signature: VerificationCheck;
  let signedByUs = false;
  if ('jwt' in given) {
    const { header, payload } = readJwt(given.jwt)!;
    credential = credentialOfPayload(payload);
    const thumbprint = keyThumbprintOf(header.kid);
    const key = keys.find((k) => k.thumbprint === thumbprint);
    if (!key || header.alg !== 'EdDSA') {
      signature = failed(
        'signature',
        'Unknown signature',
        `It is not signed with a key ${PRODUCT_NAME} publishes, so its origin cannot be confirmed.`,
      );
    } else if (await hasValidSignature(given.jwt, key.jwk)) {
      signedByUs = true;
      signature = passed(
        'signature',
        'Authentic',
        `The digital signature of ${PRODUCT_NAME} is valid: nothing in this credential has changed since it was issued.`,
      );
    } else {
      signature = failed(
        'signature',
        'Changed or forged',
        `The digital signature does not match the content: this credential was changed after ${PRODUCT_NAME} issued it, or was never issued by ${PRODUCT_NAME}. Do not trust what it says.`,
      );
    }
  } else {
    // JSON carries no signature of its own: it must be exactly the credential we signed.
    credential = given.json;
    const id = credentialIdOf(credential.id);
    const stored = id ? await findCredentialById(deps.db, id) : null;
    if (!stored) {
      signature = failed(
        'signature',
        'No signature',
        `This JSON carries no signature, and ${PRODUCT_NAME} issued no credential with its id. Ask for the badge image or the signed credential (JWT).`,
      );
    } else {
      const signed = credentialOfPayload(readJwt(await signedJwtOf(deps, stored))!.payload);
      const changed = firstDifference(signed, credential);
      if (changed === null) {
        signedByUs = true;
        signature = passed(
          'signature',
          'Authentic',
          `This JSON is exactly the credential ${PRODUCT_NAME} signed: nothing has changed since it was issued.`,
        );
      } else {
        signature = failed(
          'signature',
          'Changed',
          `This JSON differs from the credential ${PRODUCT_NAME} signed (at "${changed}"): it was changed after it was issued. Do not trust what it says.`,
        );
      }
    }
  }

  // 2. Issuer: who it says issued it, and whether that holds.
  const issuerId =
    typeof credential.issuer === 'string' ? credential.issuer : field(credential.issuer, 'id');
  const issuerName = field(credential.issuer, 'name');
  let issuer: VerificationCheck;
  if (issuerId !== urls.issuer) {
    issuer = failed(
      'issuer',
      'Another issuer',
      `It names ${issuerName ? `"${issuerName}"` : 'an issuer'}${issuerId ? ` (${issuerId})` : ''} as its issuer, not ${PRODUCT_NAME}; this service vouches only for credentials ${PRODUCT_NAME} issued.`,
    );
  } else if (!signedByUs) {
    issuer = failed(
      'issuer',
      'Not confirmed',
      `It names ${PRODUCT_NAME} as its issuer, but ${PRODUCT_NAME}'s signature on it does not hold.`,
    );
  } else {
    issuer = passed(
      'issuer',
      PRODUCT_NAME,
      `Issued by ${PRODUCT_NAME} (${urls.issuer}), whose public keys are published at ${urls.jwks}.`,
    );
  }

  // 3. Status: revoked (the published status list), expired, or active.
  const { check: status, value: statusValue } = await statusCheck(deps, credential, now);

  // 4. The chain record of the award.
  const chain = await chainCheck(deps, credential);

  const checks = [signature, issuer, status, chain];
  return {
    verified: checks.every((c) => c.outcome === 'passed') && statusValue === 'active',
    status: statusValue,
    credential: summaryOf(credential),
    checks,
    checkedAt: now.toISOString(),
  };
}

/** Verifies a credential this platform issued, by its id (the /verify/{id} page). */
export async function verifyStoredCredential(deps: VerifyDeps, credentialId: string) {
  const stored = await findCredentialById(deps.db, credentialId);
  if (!stored) throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  return verifyCredential(deps, await signedJwtOf(deps, stored));
}

async function statusCheck(
  deps: VerifyDeps,
  credential: Json,
  now: Date,
): Promise<{ check: VerificationCheck; value: CredentialStatus }> {
  const validFrom = dateOf(credential.validFrom);
  const validUntil = dateOf(credential.validUntil);
  const entry = credential.credentialStatus;
  const listId = statusListIdOf(field(entry, 'statusListCredential'));
  const index = Number(field(entry, 'statusListIndex'));
  const list = listId ? await findStatusList(deps.db, listId) : null;
  if (
    entry !== undefined &&
    (!list || !Number.isInteger(index) || index < 0 || index >= list.size)
  ) {
    return {
      value: 'unknown',
      check: skipped(
        'status',
        'Status unknown',
        `Its revocation list is not one ${PRODUCT_NAME} publishes, so whether it was revoked cannot be checked.`,
      ),
    };
  }
  if (list && (await statusBitOf(await encodedStatusList(deps.db, list), index))) {
    const id = credentialIdOf(credential.id);
    const stored = id ? await findCredentialById(deps.db, id) : null;
    const when = stored?.revokedAt ? ` on ${longDate(stored.revokedAt)}` : '';
    return {
      value: 'revoked',
      check: failed(
        'status',
        'Revoked',
        `${PRODUCT_NAME} revoked this credential${when}. It no longer stands as proof of the badge.`,
      ),
    };
  }
  if (validUntil && validUntil.getTime() < now.getTime()) {
    return {
      value: 'expired',
      check: failed(
        'status',
        'Expired',
        `This credential expired on ${longDate(validUntil)}. It proves the badge was earned, but it is no longer current.`,
      ),
    };
  }
  if (validFrom && validFrom.getTime() > now.getTime()) {
    return {
      value: 'unknown',
      check: failed(
        'status',
        'Not valid yet',
        `This credential is valid only from ${longDate(validFrom)}.`,
      ),
    };
  }
  return {
    value: 'active',
    check: passed(
      'status',
      'Active',
      `${PRODUCT_NAME} has not revoked it${validUntil ? `, and it is valid until ${longDate(validUntil)}` : ', and it does not expire'}.`,
    ),
  };
}

async function chainCheck(deps: VerifyDeps, credential: Json): Promise<VerificationCheck> {
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
function walletOfSubject(id: unknown): { chainId: number; address: `0x${string}` } | null {
  if (typeof id !== 'string') return null;
  const match = /^did:pkh:eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(id);
  return match ? { chainId: Number(match[1]), address: getAddress(match[2]!) } : null;
}

function summaryOf(credential: Json): CredentialSummary {
  const subject = credential.credentialSubject;
  const achievement = field(subject, 'achievement');
  const identifiers = asArray(field(subject, 'identifier'));
  const name = identifiers.find(
    (i) => field(i, 'identityType') === 'name' && field(i, 'hashed') === false,
  );
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: text(credential.id) ?? '',
    badgeName: text(field(achievement, 'name')) ?? text(credential.name),
    badgeDescription: text(field(achievement, 'description')),
    badgeUrl: text(field(achievement, 'id')),
    imageUrl: text(field(field(achievement, 'image'), 'id')),
    criteria: text(field(field(achievement, 'criteria'), 'narrative')),
    earnerName: text(field(name, 'identityHash')),
    earnerWallet: walletOfSubject(field(subject, 'id'))?.address ?? null,
    issuerName: text(field(credential.issuer, 'name')),
    sponsorName: text(field(field(achievement, 'creator'), 'name')),
    issuedAt: text(credential.validFrom),
    expiresAt: text(credential.validUntil),
  };
}

/** The path of the first member where two documents differ, or null when they are equal. */
function firstDifference(signed: unknown, given: unknown, path = ''): string | null {
  if (isDeepStrictEqual(signed, given)) return null;
  if (signed && given && typeof signed === 'object' && typeof given === 'object') {
    const keys = new Set([...Object.keys(signed), ...Object.keys(given)]);
    for (const key of keys) {
      const child = firstDifference(
        (signed as Json)[key],
        (given as Json)[key],
        Array.isArray(signed) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      );
      if (child !== null) return child;
    }
  }
  return path || '(the whole document)';
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json)[key] : undefined;
const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const dateOf = (value: unknown) => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const check =
  (outcome: VerificationCheck['outcome']) =>
  (name: VerificationCheck['check'], title: string, detail: string): VerificationCheck => ({
    check: name,
    outcome,
    title,
    detail,
  });
const passed = check('passed');
const failed = check('failed');
const skipped = check('skipped');
