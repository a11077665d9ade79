// The stable public URLs of the issuer and its documents. Every credential
// names them, so a verifier finds the issuer, its keys and the status list
// from the credential alone. They hang off the platform's public base URL.
import { API_PREFIX, verifyPagePath } from '@gets/schema';

export interface IssuerUrls {
  base: string;
  /** The issuer Profile (Open Badges 3.0): also the issuer's id. */
  issuer: string;
  /** Every issuer public key, as a JWKS. */
  jwks: string;
  /** One public key as a JWK: the `kid` of the VC-JWTs it signed. */
  key(thumbprint: string): string;
  /** One Ed25519 key as a Multikey: the verificationMethod of the Data Integrity proofs it made. */
  multikey(thumbprint: string): string;
  /** The credential's id; answers its JSON. */
  credential(id: string): string;
  credentialJwt(id: string): string;
  credentialPng(id: string): string;
  /** The credential with its embedded Data Integrity proof (eddsa-rdfc-2022). */
  credentialDataIntegrity(id: string): string;
  /** The signed Bitstring Status List credential. */
  statusList(listId: string): string;
  /** Where the terms of the chain record (an Open Badges extension) are named. */
  vocabulary: string;
  /** The public verification page. */
  verifyPage(id: string): string;
  /** The badge's public page (spec route /badge/{id}). */
  badgePage(badgeId: string): string;
  /** An image path of this platform (/gs-api/ipfs/...) made absolute; absolute URLs stay. */
  absolute(pathOrUrl: string): string;
}

export const CREDENTIALS_PREFIX = `${API_PREFIX}/credentials`;

export function issuerUrls(base: string): IssuerUrls {
  const root = base.replace(/\/+$/, '');
  const api = `${root}${CREDENTIALS_PREFIX}`;
  return {
    base: root,
    issuer: `${api}/issuer`,
    jwks: `${api}/issuer/jwks`,
    key: (thumbprint) => `${api}/issuer/keys/${thumbprint}`,
    multikey: (thumbprint) => `${api}/issuer/multikeys/${thumbprint}`,
    credential: (id) => `${api}/${id}`,
    credentialJwt: (id) => `${api}/${id}/jwt`,
    credentialPng: (id) => `${api}/${id}/png`,
    credentialDataIntegrity: (id) => `${api}/${id}/data-integrity`,
    statusList: (listId) => `${api}/status/${listId}`,
    vocabulary: `${api}/vocab`,
    verifyPage: (id) => `${root}${verifyPagePath(id)}`,
    badgePage: (badgeId) => `${root}/badge/${encodeURIComponent(badgeId)}`,
    absolute: (pathOrUrl) =>
      /^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl)
        ? pathOrUrl
        : `${root}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`,
  };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The credential id (uuid) in one of our credential URLs, whatever base URL issued it. */
export function credentialIdOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const match = new RegExp(`${CREDENTIALS_PREFIX}/(${UUID})$`, 'i').exec(url);
  return match ? match[1]!.toLowerCase() : null;
}

/** The key thumbprint in one of our key URLs. */
export function keyThumbprintOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const match = new RegExp(`${CREDENTIALS_PREFIX}/issuer/keys/([A-Za-z0-9_-]{43})$`).exec(url);
  return match ? match[1]! : null;
}

/** The status list id (uuid) in one of our status list URLs. */
export function statusListIdOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const match = new RegExp(`${CREDENTIALS_PREFIX}/status/(${UUID})$`, 'i').exec(url);
  return match ? match[1]!.toLowerCase() : null;
}
