// The embedded eddsa-rdfc-2022 proof, made with the issuer's Ed25519 key and
// checked by @digitalbazaar/vc's own verifier, with a document loader that
// knows the local contexts and the issuer's documents and refuses any other
// URL: nothing is fetched. The badges carry it, and so does the JSON form of
// their status lists.
import { randomBytes } from 'node:crypto';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { describe, expect, it } from 'vitest';
import { keyEncryptionKey } from '../../custody/envelope.ts';
import { generateIssuerKey, openIssuerKey } from '../../custody/issuer-keys.ts';
import { sampleAwardFacts } from '../../../test/helpers/credentials.ts';
import { toStoredFacts } from './award-facts.ts';
import {
  DATA_INTEGRITY_CRYPTOSUITE,
  hasValidDataIntegrityProof,
  multikeyOf,
  offlineDocumentLoader,
  signDataIntegrity,
} from './data-integrity.ts';
import { issuerUrls } from './issuer-urls.ts';
import {
  buildStatusListCredential,
  encodeStatusList,
  STATUS_LIST_SIZE,
  statusBitOf,
} from './status-list.ts';
import {
  buildCredential,
  issuerProfileDocument,
  MULTIKEY_CONTEXT,
} from './open-badge-credential.ts';

const kek = keyEncryptionKey(randomBytes(32));
const urls = issuerUrls('https://badges.example.org');

async function setUp() {
  const stored = await generateIssuerKey(kek, 'EdDSA');
  const key = openIssuerKey(new Map([[kek.id, kek]]), {
    ...stored,
    createdAt: new Date(),
    retiredAt: null,
  });
  const method = await multikeyOf(key.publicJwk, urls.multikey(key.kid), urls.issuer);
  const documentLoader = offlineDocumentLoader(
    new Map<string, Record<string, unknown>>([
      [urls.issuer, issuerProfileDocument(urls, [method])],
      [method.id, { '@context': MULTIKEY_CONTEXT, ...method }],
    ]),
  );
  const credential = buildCredential(
    {
      id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
      facts: toStoredFacts(sampleAwardFacts()),
      statusListId: '5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21',
      statusListIndex: 3,
    },
    urls,
    'https://polygonscan.com',
  ) as unknown as Record<string, unknown>;
  const signed = await signDataIntegrity(
    credential,
    key,
    { id: method.id, controller: urls.issuer },
    new Date('2025-03-01T10:00:05.123Z'),
    documentLoader,
  );
  return { key, method, documentLoader, credential, signed };
}

const libraryVerify = (credential: unknown, documentLoader: unknown) =>
  vc.verifyCredential({
    credential: credential as Record<string, unknown>,
    suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
    documentLoader,
    checkStatus: async () => ({ verified: true }),
  }) as Promise<{ verified: boolean }>;

describe('the Data Integrity proof (eddsa-rdfc-2022)', () => {
  it('embeds a proof by the Ed25519 key that the library verifies offline', async () => {
    const { method, documentLoader, credential, signed } = await setUp();
    expect(signed.proof).toEqual([
      {
        type: 'DataIntegrityProof',
        cryptosuite: DATA_INTEGRITY_CRYPTOSUITE,
        created: '2025-03-01T10:00:05Z',
        verificationMethod: method.id,
        proofPurpose: 'assertionMethod',
        proofValue: expect.stringMatching(/^z/),
      },
    ]);
    const { proof: _, ...unsigned } = signed;
    expect(unsigned).toEqual(credential);
    expect((await libraryVerify(signed, documentLoader)).verified).toBe(true);
    expect(
      (await hasValidDataIntegrityProof(signed, documentLoader, async () => ({ verified: true })))
        .valid,
    ).toBe(true);
  });

  it('fails for one changed field, and for a key its issuer does not list', async () => {
    const { documentLoader, signed } = await setUp();
    const changed = { ...structuredClone(signed), name: 'Something else' };
    expect((await libraryVerify(changed, documentLoader)).verified).toBe(false);
    const check = await hasValidDataIntegrityProof(changed, documentLoader, async () => ({
      verified: true,
    }));
    expect(check.valid).toBe(false);

    // Signed by another issuer's loader: our Profile does not list that key.
    const other = await setUp();
    expect((await libraryVerify(other.signed, documentLoader)).verified).toBe(false);
  });

  it('loads only local contexts and the documents given: any other URL is refused', async () => {
    const loader = offlineDocumentLoader();
    await expect(loader('https://www.w3.org/ns/credentials/v2')).resolves.toBeDefined();
    await expect(
      loader('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'),
    ).resolves.toBeDefined();
    await expect(loader('https://badges.example.org/gs-api/credentials/issuer')).rejects.toThrow();
    await expect(loader('https://example.org/anything')).rejects.toThrow();
  });

  it('signs a status list credential as the badges are signed, and a changed bit breaks it', async () => {
    const { key, method, documentLoader } = await setUp();
    const list = buildStatusListCredential({
      url: urls.statusList('5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21'),
      issuer: urls.issuer,
      validFrom: new Date('2025-03-02T08:00:00Z'),
      encodedList: await encodeStatusList(STATUS_LIST_SIZE, [3]),
    }) as unknown as Record<string, unknown>;
    const signed = await signDataIntegrity(
      list,
      key,
      { id: method.id, controller: urls.issuer },
      new Date('2025-03-02T08:00:01Z'),
      documentLoader,
    );
    expect(signed.proof).toEqual([
      expect.objectContaining({
        cryptosuite: DATA_INTEGRITY_CRYPTOSUITE,
        verificationMethod: method.id,
        proofPurpose: 'assertionMethod',
      }),
    ]);
    expect((await libraryVerify(signed, documentLoader)).verified).toBe(true);

    // The same list with bit 3 cleared: the revocation cannot be taken back unsigned.
    const cleared = structuredClone(signed) as typeof signed & {
      credentialSubject: { encodedList: string };
    };
    cleared.credentialSubject.encodedList = await encodeStatusList(STATUS_LIST_SIZE, []);
    expect(await statusBitOf(cleared.credentialSubject.encodedList, 3)).toBe(false);
    expect((await libraryVerify(cleared, documentLoader)).verified).toBe(false);
  });
});
