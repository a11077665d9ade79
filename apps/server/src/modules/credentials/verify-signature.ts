// The signature check: whose key signed exactly this content. A VC-JWT is
// checked with the key its kid names, a Data Integrity proof with its
// verificationMethod (through the library's verifier), and a bare JSON
// document must equal the credential this platform signed. Keys resolve
// without the network: this issuer's own published keys, or a did:key (whose
// key is its own id) for another issuer.
import { isDeepStrictEqual } from 'node:util';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { PRODUCT_NAME, type VerificationCheck } from '@gets/schema';
import { findCredentialById } from './credential-repository.ts';
import {
  hasValidDataIntegrityProof,
  offlineDocumentLoader,
  type DocumentLoader,
} from './data-integrity.ts';
import { issuerDocumentLoader, publishedKeys, urlsOf } from './issuer-documents.ts';
import { credentialIdOf, keyThumbprintOf } from './issuer-urls.ts';
import type { SigningDeps } from './signing.ts';
import { signedJwtOf } from './signing.ts';
import { credentialOfPayload, hasValidSignature, readJwt } from './vc-jwt.ts';
import type { GivenCredential } from './verify-input.ts';
import { asArray, failed, field, passed, type Json } from './verify-report.ts';

/** Who signed it: this platform, another issuer's key (named), or nobody known. */
export type Signer = { kind: 'platform' } | { kind: 'foreign'; keyOwner: string } | null;

export interface SignatureResult {
  check: VerificationCheck;
  signer: Signer;
}

const DID_KEY = /^(did:key:z[1-9A-HJ-NP-Za-km-z]+)(#.*)?$/;

const authentic = (detail: string, signer: Signer): SignatureResult => ({
  check: passed('signature', 'Authentic', detail),
  signer,
});
const unknownKey = (): SignatureResult => ({
  check: failed(
    'signature',
    'Unknown signature',
    `It is not signed with a key ${PRODUCT_NAME} publishes or one that can be resolved without trusting a third party, so its origin cannot be confirmed.`,
  ),
  signer: null,
});
const changed = (): SignatureResult => ({
  check: failed(
    'signature',
    'Changed or forged',
    'The digital signature does not match the content: this credential was changed after it was signed, or was never signed by that key. Do not trust what it says.',
  ),
  signer: null,
});

export async function signatureCheck(
  deps: SigningDeps,
  given: GivenCredential,
): Promise<SignatureResult> {
  if (given.form === 'jwt') return jwtSignatureCheck(deps, given);
  if (given.credential.proof !== undefined) return dataIntegrityCheck(deps, given.credential);
  return bareJsonCheck(deps, given.credential);
}

async function jwtSignatureCheck(
  deps: SigningDeps,
  given: Extract<GivenCredential, { form: 'jwt' }>,
): Promise<SignatureResult> {
  const { kid, alg } = given.header;
  const thumbprint = keyThumbprintOf(kid);
  const ours = (await publishedKeys(deps)).find((k) => k.thumbprint === thumbprint);
  if (ours) {
    if (alg !== ours.algorithm || !(await hasValidSignature(given.jwt, ours.jwk))) return changed();
    return authentic(
      `The digital signature of ${PRODUCT_NAME} (${alg}) is valid: nothing in this credential has changed since it was issued.`,
      { kind: 'platform' },
    );
  }
  const didKey = typeof kid === 'string' ? DID_KEY.exec(kid) : null;
  if (!didKey || alg !== 'EdDSA') return unknownKey();
  let jwk: Json;
  try {
    const key = await Ed25519Multikey.from({
      type: 'Multikey',
      publicKeyMultibase: didKey[1]!.slice('did:key:'.length),
    });
    jwk = await Ed25519Multikey.toJwk({ keyPair: key });
  } catch {
    return unknownKey();
  }
  if (!(await hasValidSignature(given.jwt, jwk))) return changed();
  return authentic(`The signature by the key ${didKey[1]} is valid.`, {
    kind: 'foreign',
    keyOwner: didKey[1]!,
  });
}

async function dataIntegrityCheck(deps: SigningDeps, credential: Json): Promise<SignatureResult> {
  const method = field(asArray(credential.proof)[0], 'verificationMethod');
  const methodId = typeof method === 'string' ? method : field(method, 'id');
  if (typeof methodId !== 'string') return unknownKey();
  let loader: DocumentLoader;
  let signer: Signer;
  const didKey = DID_KEY.exec(methodId);
  if (methodId.startsWith(urlsOf(deps).multikey(''))) {
    loader = await issuerDocumentLoader(deps);
    signer = { kind: 'platform' };
  } else if (didKey) {
    loader = offlineDocumentLoader();
    signer = { kind: 'foreign', keyOwner: didKey[1]! };
  } else {
    return unknownKey();
  }
  // Only the proof is judged here: revocation is the status check's, which knows whose list
  // may speak for whom (the library would fail a foreign proof for a bit of this platform's list).
  const result = await hasValidDataIntegrityProof(credential, loader, async () => ({
    verified: true,
  }));
  if (!result.valid) {
    return /not found|unable to load|not authorized/i.test(result.error ?? '')
      ? unknownKey()
      : changed();
  }
  return authentic(
    signer.kind === 'platform'
      ? `The Data Integrity proof (eddsa-rdfc-2022) of ${PRODUCT_NAME} is valid: nothing in this credential has changed since it was issued.`
      : `The Data Integrity proof (eddsa-rdfc-2022) by the key ${signer.keyOwner} is valid.`,
    signer,
  );
}

/** JSON without a proof of its own: it must be exactly the credential this platform signed. */
async function bareJsonCheck(deps: SigningDeps, credential: Json): Promise<SignatureResult> {
  const id = credentialIdOf(credential.id);
  const stored = id ? await findCredentialById(deps.db, id) : null;
  if (!stored) {
    return {
      check: failed(
        'signature',
        'No signature',
        `This JSON carries no signature, and ${PRODUCT_NAME} issued no credential with its id. Ask for the badge image or the signed credential (JWT).`,
      ),
      signer: null,
    };
  }
  const signed = credentialOfPayload(readJwt(await signedJwtOf(deps, stored))!.payload);
  const difference = firstDifference(signed, credential);
  if (difference === null) {
    return authentic(
      `This JSON is exactly the credential ${PRODUCT_NAME} signed: nothing has changed since it was issued.`,
      { kind: 'platform' },
    );
  }
  return {
    check: failed(
      'signature',
      'Changed',
      `This JSON differs from the credential ${PRODUCT_NAME} signed (at "${difference}"): it was changed after it was issued. Do not trust what it says.`,
    ),
    signer: null,
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
