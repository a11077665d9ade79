// The issuer's public documents a verifier reads: its Profile (also the
// controller document of its keys), its JWKS, each key as a JWK (the kid of a
// VC-JWT) and each Ed25519 key as a Multikey (the verificationMethod of a Data
// Integrity proof). Public keys only: no private member ever leaves custody.
import type { JWK } from 'jose';
import { listIssuerKeys } from '../../custody/issuer-key-repository.ts';
import type { IssuerKeyAlgorithm } from '../../custody/issuer-keys.ts';
import { AppError } from '../../http/errors.ts';
import type { AppContext } from '../../context.ts';
import { multikeyOf, offlineDocumentLoader, type DocumentLoader } from './data-integrity.ts';
import { issuerUrls, type IssuerUrls } from './issuer-urls.ts';
import {
  issuerProfileDocument,
  MULTIKEY_CONTEXT,
  type VerificationMethod,
} from './open-badge-credential.ts';

type Deps = Pick<AppContext, 'db' | 'publicUrl'>;

/** The issuer's URLs; throws before the HTTP server listens (no public URL is known yet). */
export function urlsOf(deps: Pick<AppContext, 'publicUrl'>): IssuerUrls {
  const base = deps.publicUrl();
  if (!base) throw new Error('the public URL is not known yet: set PUBLIC_URL');
  return issuerUrls(base);
}

/** A published issuer key: the JWK with its kid (the URL a VC-JWT names), alg and use. */
export type PublishedKey = JWK & {
  kid: string;
  alg: IssuerKeyAlgorithm;
  use: 'sig';
} & Record<string, unknown>;

/** Only the public members of a key, whatever the stored JWK holds. */
function publicMembers(jwk: JWK): JWK {
  return jwk.kty === 'RSA'
    ? { kty: 'RSA', n: jwk.n!, e: jwk.e! }
    : { kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! };
}

export async function publishedKeys(deps: Deps) {
  const urls = urlsOf(deps);
  const keys = await listIssuerKeys(deps.db);
  return keys.map((key) => ({
    thumbprint: key.kid,
    algorithm: key.algorithm,
    jwk: {
      ...publicMembers(key.publicJwk),
      kid: urls.key(key.kid),
      alg: key.algorithm,
      use: 'sig',
    } as PublishedKey,
  }));
}

export async function issuerJwks(deps: Deps) {
  return { keys: (await publishedKeys(deps)).map((key) => key.jwk) };
}

export async function issuerKey(deps: Deps, thumbprint: string) {
  const key = (await publishedKeys(deps)).find((k) => k.thumbprint === thumbprint);
  if (!key) throw new AppError(404, 'Key not found');
  return key.jwk;
}

/** Every issuer key as a verification method of the Profile. */
export async function verificationMethods(deps: Deps): Promise<VerificationMethod[]> {
  const urls = urlsOf(deps);
  return Promise.all(
    (await publishedKeys(deps)).map(async (key): Promise<VerificationMethod> => {
      if (key.algorithm === 'EdDSA') {
        return multikeyOf(key.jwk, urls.multikey(key.thumbprint), urls.issuer);
      }
      const { kty, n, e } = key.jwk;
      return {
        id: key.jwk.kid,
        type: 'JsonWebKey',
        controller: urls.issuer,
        publicKeyJwk: { kty, n, e },
      };
    }),
  );
}

export async function issuerDocument(deps: Deps) {
  return issuerProfileDocument(urlsOf(deps), await verificationMethods(deps));
}

/** One Ed25519 key as a Multikey document: what a Data Integrity proof's verificationMethod names. */
export async function multikeyDocument(deps: Deps, thumbprint: string) {
  const urls = urlsOf(deps);
  const method = (await verificationMethods(deps)).find(
    (m) => m.type === 'Multikey' && m.id === urls.multikey(thumbprint),
  );
  if (!method) throw new AppError(404, 'Key not found');
  return { '@context': MULTIKEY_CONTEXT, ...method };
}

/** The offline document loader with the issuer's Profile and Multikeys as they are published. */
export async function issuerDocumentLoader(deps: Deps): Promise<DocumentLoader> {
  const urls = urlsOf(deps);
  const methods = await verificationMethods(deps);
  const documents = new Map<string, Record<string, unknown>>([
    [urls.issuer, issuerProfileDocument(urls, methods)],
  ]);
  for (const method of methods) {
    if (method.type === 'Multikey') {
      documents.set(method.id, { '@context': MULTIKEY_CONTEXT, ...method });
    }
  }
  return offlineDocumentLoader(documents);
}
