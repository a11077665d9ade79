// The credentials of claimed awards: issued in the claim's own database
// transaction (issueCredential), signed with the issuer key right after (by
// the worker, or on first request), revoked by flipping their status bit, and
// published with the issuer documents a verifier needs.
import { recordCredentialRevoked } from '../integrations/event-repository.ts';
import { randomInt, randomUUID } from 'node:crypto';
import {
  API_PREFIX,
  CREDENTIAL_MESSAGES,
  PRODUCT_NAME,
  type BadgeCredential,
  type EarnerCredential,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { WorkerJob } from '../../worker/worker.ts';
import { recordAdminAction } from '../audit/service.ts';
import { readImage } from '../uploads/service.ts';
import { toStoredFacts, type AwardFacts } from './award-facts.ts';
import { bakeCredential, isPng } from './baking.ts';
import {
  countStatusAllocation,
  findCredentialByAward,
  findCredentialById,
  findStatusListWithSignature,
  insertCredential,
  insertStatusList,
  isStatusIndexTaken,
  listCredentialsOfBadge,
  listCredentialsOfEarner,
  listRevokedIndexes,
  lockOpenStatusList,
  readStatusListWithRevokedIndexes,
  revokeCredentialById,
  revokeCredentialsByBadge,
  saveStatusListSignature,
  type StoredCredential,
} from './credential-repository.ts';
import { urlsOf } from './issuer-documents.ts';
import { offerPruningJob } from './openid4vci/offer-pruning.ts';
import { credentialValidity } from './open-badge-credential.ts';
import {
  dataIntegrityCredentialOf,
  signedJwtOf,
  signPendingCredentials,
  withPlatformProof,
} from './signing.ts';
import {
  buildStatusListCredential,
  encodeStatusList,
  STATUS_LIST_SIZE,
  type StatusListForm,
} from './status-list.ts';
import { credentialOfPayload, readJwt, signCredentialJwt, VC_JWT_ALGORITHM } from './vc-jwt.ts';

// Where they lived before the issuer documents and the signing had files of their own.
export {
  issuerDocument,
  issuerJwks,
  issuerKey,
  publishedKeys,
  urlsOf,
  type PublishedKey,
} from './issuer-documents.ts';
export { signedJwtOf, signPendingCredentials } from './signing.ts';

export type CredentialDeps = Pick<AppContext, 'db' | 'keystore' | 'config' | 'publicUrl'>;

export interface IssuedCredential {
  credentialId: string;
  awardId: string;
  statusListId: string;
  statusListIndex: number;
}

/** A random index is tried this many times; a list is at most half full, so 64 misses never happen. */
const INDEX_TRIES = 64;

/**
 * Issues the Open Badges credential of a claimed award. Meant to run in the
 * claim action's onCompleted effect, in the same database transaction that
 * marks the claim COMPLETED: the credential exists exactly when the claim
 * does. It records the credential and takes its status list entry; the issuer
 * key signs it right after (worker job, or the first request for it), since
 * the key is opened by the keystore and never inside a chain effect.
 * Idempotent: a second call for the same award answers the first credential.
 */
export async function issueCredential(tx: Queryable, award: AwardFacts): Promise<IssuedCredential> {
  const facts = toStoredFacts(award);
  const existing = await findCredentialByAward(tx, facts.awardId);
  if (existing) return issued(existing);

  const list =
    (await lockOpenStatusList(tx)) ?? (await insertStatusList(tx, randomUUID(), STATUS_LIST_SIZE));
  let index: number | undefined;
  for (let attempt = 0; attempt < INDEX_TRIES && index === undefined; attempt++) {
    const candidate = randomInt(list.size);
    if (!(await isStatusIndexTaken(tx, list.id, candidate))) index = candidate;
  }
  if (index === undefined) throw new Error(`no free index found in status list ${list.id}`);
  await countStatusAllocation(tx, list.id);

  const credential = {
    id: randomUUID(),
    awardId: facts.awardId,
    badgeId: facts.badge.id,
    earnerUserId: facts.earner.userId,
    earnerWallet: facts.earner.wallet,
    facts,
    issuedAt: new Date(facts.issuedAt),
    validUntil: (({ validUntil }) => (validUntil ? new Date(validUntil) : null))(
      credentialValidity(facts),
    ),
    statusListId: list.id,
    statusListIndex: index,
  };
  await insertCredential(tx, credential);
  return issued(credential);
}

const issued = (
  credential: Pick<StoredCredential, 'id' | 'awardId' | 'statusListId' | 'statusListIndex'>,
) => ({
  credentialId: credential.id,
  awardId: credential.awardId,
  statusListId: credential.statusListId,
  statusListIndex: credential.statusListIndex,
});

/** An admin's explicit revocation: 404 for an unknown credential, 409 when it was revoked before. */
export async function revokeCredentialByAdmin(
  db: Database,
  actor: Actor,
  credentialId: string,
  reason: string,
) {
  const revoked = await db.transaction(async (tx) => {
    const [row] = await revokeCredentialById(tx, credentialId, reason);
    if (row) {
      await recordAdminAction(tx, actor, {
        action: 'credential.revoke',
        target: { kind: 'credential', id: row.id },
        details: { reason },
      });
      // The badge's sponsor hears of it (issue 46), in the same commit.
      await recordCredentialRevoked(tx, { credentialId: row.id, reason, revokedAt: row.revokedAt });
    }
    return row;
  });
  if (revoked) return { id: revoked.id, revokedAt: revoked.revokedAt.toISOString() };
  const stored = await findCredentialById(db, credentialId);
  throw new AppError(
    stored ? 409 : 404,
    stored ? CREDENTIAL_MESSAGES.alreadyRevoked : CREDENTIAL_MESSAGES.notFound,
  );
}

/** Why the credentials of a banned badge read revoked. */
export const BANNED_BADGE_REVOCATION = 'The badge was banned';

/** Revokes every credential of a badge (the badge was banned). Answers how many it revoked. */
export async function revokeCredentialsOfBadge(db: Queryable, badgeId: string, reason: string) {
  return (await revokeCredentialsByBadge(db, badgeId, reason)).length;
}

/**
 * The worker job that signs issued credentials moments after their claim
 * completes: the claim's status notice wakes it, so while nothing is claimed
 * it looks only once a second.
 */
export function credentialJobs(deps: CredentialDeps & Pick<AppContext, 'statusFeed'>): WorkerJob[] {
  return [
    {
      name: 'sign-credentials',
      intervalMs: 250,
      idleIntervalMs: 1000,
      onWake: (_wake, nudge) => deps.statusFeed.watchNotices(nudge),
      run: async () => {
        const heard = deps.statusFeed.listening;
        const signed = await signPendingCredentials(deps);
        return signed === 0 && heard ? 'idle' : undefined;
      },
    },
    offerPruningJob(deps),
  ];
}

export async function findCredentialOr404(deps: Pick<CredentialDeps, 'db'>, id: string) {
  const stored = await findCredentialById(deps.db, id);
  if (!stored) throw new AppError(404, CREDENTIAL_MESSAGES.notFound);
  return stored;
}

/** The credential document exactly as signed (the VC-JWT's payload without the JWT claims). */
export async function credentialDocument(deps: CredentialDeps, id: string) {
  const jwt = await signedJwtOf(deps, await findCredentialOr404(deps, id));
  return credentialOfPayload(readJwt(jwt)!.payload);
}

export async function credentialJwt(deps: CredentialDeps, id: string) {
  return signedJwtOf(deps, await findCredentialOr404(deps, id));
}

/** The credential with its embedded Data Integrity proof (eddsa-rdfc-2022). */
export async function credentialWithDataIntegrityProof(deps: CredentialDeps, id: string) {
  return dataIntegrityCredentialOf(deps, await findCredentialOr404(deps, id));
}

/** The badge image with the credential baked in: for the earner of the award only. */
export async function bakedCredentialPng(
  deps: CredentialDeps,
  id: string,
  userId: string,
): Promise<Buffer> {
  const stored = await findCredentialOr404(deps, id);
  if (stored.earnerUserId !== userId) throw new AppError(403, CREDENTIAL_MESSAGES.notYours);
  const cid = platformImageCid(deps, stored.facts.badge.imageUrl);
  if (!cid) throw new AppError(409, CREDENTIAL_MESSAGES.imageUnavailable);
  const { bytes } = await readImage(deps, cid).catch(() => {
    throw new AppError(409, CREDENTIAL_MESSAGES.imageUnavailable);
  });
  if (!isPng(bytes)) throw new AppError(409, CREDENTIAL_MESSAGES.notPngImage);
  return bakeCredential(bytes, await signedJwtOf(deps, stored));
}

/** The CID of an image stored on this platform (`/gs-api/ipfs/<cid>`, as a path or on our URL). */
function platformImageCid(
  deps: Pick<CredentialDeps, 'publicUrl'>,
  imageUrl: string,
): string | null {
  let path = imageUrl;
  if (/^https?:\/\//i.test(imageUrl)) {
    const base = deps.publicUrl();
    if (!base || !imageUrl.startsWith(`${base}/`)) return null;
    path = imageUrl.slice(base.length);
  }
  const match = new RegExp(`^${API_PREFIX}/ipfs/([a-z2-7]+)$`).exec(path);
  return match ? match[1]! : null;
}

export function credentialStatusOf(
  stored: Pick<StoredCredential, 'revokedAt' | 'validUntil'>,
  now = new Date(),
) {
  if (stored.revokedAt) return 'revoked' as const;
  if (stored.validUntil && stored.validUntil.getTime() < now.getTime()) return 'expired' as const;
  return 'active' as const;
}

/** The signed-in earner's credentials, with where to verify and download each. */
export async function earnerCredentials(
  deps: CredentialDeps,
  userId: string,
): Promise<EarnerCredential[]> {
  const urls = urlsOf(deps);
  const list = await listCredentialsOfEarner(deps.db, userId);
  return list.map((stored) => ({
    id: stored.id,
    awardId: stored.awardId,
    badgeId: stored.badgeId,
    badgeName: stored.facts.badge.name,
    sponsorName: stored.facts.sponsor.name,
    issuerName: PRODUCT_NAME,
    issuedAt: stored.issuedAt.toISOString(),
    expiresAt: stored.validUntil?.toISOString() ?? null,
    revokedAt: stored.revokedAt?.toISOString() ?? null,
    revocationReason: stored.revokedAt ? stored.revocationReason : null,
    status: credentialStatusOf(stored),
    verifyUrl: urls.verifyPage(stored.id),
    jsonUrl: urls.credential(stored.id),
    jwtUrl: urls.credentialJwt(stored.id),
    dataIntegrityUrl: urls.credentialDataIntegrity(stored.id),
    pngUrl: urls.credentialPng(stored.id),
  }));
}

/** The credentials issued for a badge, for the admin who may revoke them. */
export async function badgeCredentials(db: Queryable, badgeId: string): Promise<BadgeCredential[]> {
  const list = await listCredentialsOfBadge(db, badgeId);
  return list.map((stored) => ({
    id: stored.id,
    earnerName: stored.facts.earner.fullName,
    earnerEmail: stored.earnerEmail,
    earnerWallet: stored.earnerWallet,
    issuedAt: stored.issuedAt.toISOString(),
    status: credentialStatusOf(stored),
    revokedAt: stored.revokedAt?.toISOString() ?? null,
    revocationReason: stored.revocationReason,
  }));
}

/** The encodedList of a status list as published now. */
export async function encodedStatusList(db: Queryable, list: { id: string; size: number }) {
  return encodeStatusList(list.size, await listRevokedIndexes(db, list.id));
}

/**
 * The signed BitstringStatusListCredential of a list, in the form asked for:
 * the VC-JWT (RS256) or the JSON credential with an embedded eddsa-rdfc-2022
 * proof (Ed25519), as the text served. Every verification of a badge fetches
 * its list, so each form is signed once per version of the list (a
 * revocation makes a new one) and kept; a fetch in between reads it back.
 */
export async function signedStatusList(
  deps: CredentialDeps,
  listId: string,
  form: StatusListForm,
): Promise<string> {
  const id = listId.toLowerCase();
  const urls = urlsOf(deps);
  const url = urls.statusList(id);
  const kept = await findStatusListWithSignature(deps.db, id, form, url);
  if (!kept) throw new AppError(404, 'Status list not found');
  if (kept.document !== null) return kept.document;

  // Lists are never deleted: the one just found is still there.
  const { list, revokedIndexes } = (await readStatusListWithRevokedIndexes(deps.db, id))!;
  const credential = buildStatusListCredential({
    url,
    issuer: urls.issuer,
    validFrom: list.updatedAt,
    encodedList: await encodeStatusList(list.size, revokedIndexes),
  });
  const document =
    form === 'vc+jwt'
      ? await deps.keystore.withIssuerKey(
          deps.db,
          (key) => signCredentialJwt(credential, key, urls.key(key.kid)),
          VC_JWT_ALGORITHM,
        )
      : JSON.stringify(
          await withPlatformProof(deps, credential as unknown as Record<string, unknown>),
        );
  await saveStatusListSignature(deps.db, {
    listId: id,
    form,
    version: list.version,
    url,
    document,
  });
  return document;
}
