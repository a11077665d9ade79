// Signing an issued credential, right after its claim (the worker) or on the
// first request for it: the VC-JWT with the RS256 key, and the same
// credential with an embedded eddsa-rdfc-2022 proof by the Ed25519 key. Each
// is written once; when two processes sign at once, the stored one stands.
import type { AppContext } from '../../context.ts';
import {
  findCredentialById,
  listUnsignedCredentials,
  setCredentialJwt,
  setDataIntegrityCredential,
  type StoredCredential,
} from './credential-repository.ts';
import { signDataIntegrity } from './data-integrity.ts';
import { issuerDocumentLoader, urlsOf } from './issuer-documents.ts';
import { buildCredential } from './open-badge-credential.ts';
import { signCredentialJwt, VC_JWT_ALGORITHM } from './vc-jwt.ts';

export type SigningDeps = Pick<AppContext, 'db' | 'keystore' | 'config' | 'publicUrl'>;

/** The credential's VC-JWT (RS256), signing it now if nobody has yet. */
export async function signedJwtOf(deps: SigningDeps, stored: StoredCredential): Promise<string> {
  if (stored.jwt) return stored.jwt;
  const urls = urlsOf(deps);
  const credential = buildCredential(stored, urls, deps.config.explorerUrl);
  const signed = await deps.keystore.withIssuerKey(
    deps.db,
    async (key) => ({
      kid: key.kid,
      jwt: await signCredentialJwt(credential, key, urls.key(key.kid)),
    }),
    VC_JWT_ALGORITHM,
  );
  await setCredentialJwt(deps.db, stored.id, signed.jwt, signed.kid);
  // Another process may have signed it first: the stored signature is the one.
  return (await findCredentialById(deps.db, stored.id))!.jwt!;
}

/** The credential with its Data Integrity proof (Ed25519), signing it now if nobody has yet. */
export async function dataIntegrityCredentialOf(
  deps: SigningDeps,
  stored: StoredCredential,
): Promise<Record<string, unknown>> {
  if (stored.dataIntegrityCredential) return stored.dataIntegrityCredential;
  const credential = buildCredential(stored, urlsOf(deps), deps.config.explorerUrl);
  const signed = await withPlatformProof(deps, credential as unknown as Record<string, unknown>);
  await setDataIntegrityCredential(deps.db, stored.id, signed);
  return (await findCredentialById(deps.db, stored.id))!.dataIntegrityCredential!;
}

/** Signs credentials issued but not signed yet (either form); answers how many. */
export async function signPendingCredentials(deps: SigningDeps, limit = 50): Promise<number> {
  if (!deps.publicUrl()) return 0;
  const pending = await listUnsignedCredentials(deps.db, limit);
  for (const stored of pending) {
    await signedJwtOf(deps, stored);
    await dataIntegrityCredentialOf(deps, stored);
  }
  return pending.length;
}

/** The document with a Data Integrity proof (eddsa-rdfc-2022) by the platform's Ed25519 key. */
export async function withPlatformProof<T extends Record<string, unknown>>(
  deps: SigningDeps,
  document: T,
) {
  const urls = urlsOf(deps);
  const documentLoader = await issuerDocumentLoader(deps);
  return deps.keystore.withIssuerKey(
    deps.db,
    (key) =>
      signDataIntegrity(
        document,
        key,
        { id: urls.multikey(key.kid), controller: urls.issuer },
        new Date(),
        documentLoader,
      ),
    'EdDSA',
  );
}
