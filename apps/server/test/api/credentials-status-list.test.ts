// The status list URL every credential names, as each kind of verifier
// fetches it: a JOSE verifier (and any client that names no type of ours)
// gets the VC-JWT as before; a JSON-LD verifier gets the same list as JSON
// with an embedded eddsa-rdfc-2022 proof, which @digitalbazaar/vc verifies
// with the platform's published documents and the network closed. Each form
// is signed once per version of the list, and the platform's own verifier,
// which reads the database, is unchanged.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as vc from '@digitalbazaar/vc';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { offlineDocumentLoader } from '../../src/modules/credentials/data-integrity.ts';
import {
  encodeStatusList,
  STATUS_LIST_SIZE,
  statusBitOf,
} from '../../src/modules/credentials/status-list.ts';
import { credentialOfPayload, readJwt } from '../../src/modules/credentials/vc-jwt.ts';
import { call } from '../helpers/account-flows.ts';
import { credentialApiSuite } from '../helpers/credential-api.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;
interface ListCredential extends Json {
  id: string;
  validFrom: string;
  credentialSubject: { encodedList: string };
  proof: { verificationMethod: string; created: string }[];
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const JSON_LD = 'application/ld+json, application/json';

describe('the status list, in the form each verifier asks for', () => {
  const api = credentialApiSuite();
  const { get, jsonOf, credentialOf, verify, issue } = api;
  let platform: TestPlatform;
  let adminToken: string;
  let credentialId: string;
  let listUrl: string;
  let listPath: string;
  let listId: string;
  let index: number;
  beforeAll(async () => {
    ({ platform, adminToken, credentialId } = api.state);
    const entry = (await credentialOf(credentialId)).credentialStatus;
    listUrl = entry.statusListCredential;
    listPath = new URL(listUrl).pathname.replace(/^\/gs-api/, '');
    listId = listPath.split('/').pop()!;
    index = Number(entry.statusListIndex);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Replaces text in the stored signed forms of the list; answers the version each was stored for. */
  const markStored = async (
    replacements: Record<'data-integrity' | 'vc+jwt', [string, string]>,
  ) => {
    const versions: number[] = [];
    for (const [form, [from, to]] of Object.entries(replacements)) {
      const [row] = await platform.ctx.db.query<{ version: string | number }>(
        `UPDATE credential_status_list_signatures SET document = replace(document, $3, $4)
          WHERE status_list_id = $1 AND form = $2 RETURNING version`,
        [listId, form, from, to],
      );
      versions.push(Number(row!.version));
    }
    return versions;
  };
  const fetchList = (accept?: string) => get(listPath, accept === undefined ? {} : { accept });
  const jsonList = async (accept = JSON_LD) =>
    (await (await fetchList(accept)).json()) as ListCredential;
  const revoke = async (id: string) =>
    expect(
      (
        await call(
          platform,
          'POST',
          `/admin/credentials/${id}/revoke`,
          { reason: 'Issued by mistake' },
          bearer(adminToken),
        )
      ).status,
    ).toBe(200);

  it('keeps the VC-JWT for JOSE verifiers and for clients that name no type of ours', async () => {
    const jwks = createRemoteJWKSet(new URL(`${platform.url}/gs-api/credentials/issuer/jwks`));
    for (const accept of ['application/vc+jwt', '*/*', undefined, 'text/html']) {
      const response = await fetchList(accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-type'), accept).toBe('application/vc+jwt');
      expect(response.headers.get('vary')).toMatch(/accept/i);
      const { payload, protectedHeader } = await jwtVerify(await response.text(), jwks, {
        algorithms: ['RS256'],
        typ: 'JWT',
      });
      expect(protectedHeader.kid).toMatch(/\/gs-api\/credentials\/issuer\/keys\//);
      expect(payload).toMatchObject({
        id: listUrl,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      });
    }
    // Node's fetch with no headers sends */*: what the VC-JWT consumers of this URL send today.
    expect((await fetch(listUrl)).headers.get('content-type')).toBe('application/vc+jwt');
  });

  it('answers a JSON-LD verifier with the same list as a credential with an embedded eddsa-rdfc-2022 proof', async () => {
    for (const [accept, mediaType] of [
      [JSON_LD, 'application/ld+json'],
      ['application/vc', 'application/vc'],
      ['application/json', 'application/json'],
      ['application/json, text/plain, */*', 'application/json'],
    ] as const) {
      const response = await fetchList(accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-type')?.split(';')[0], accept).toBe(mediaType);
      expect(response.headers.get('vary')).toMatch(/accept/i);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const list = await jsonList();
    const issuer = (await credentialOf(credentialId)).issuer.id;
    expect(list).toEqual({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: listUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer,
      validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      credentialSubject: {
        id: `${listUrl}#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: expect.stringMatching(/^u[A-Za-z0-9_-]+$/),
      },
      proof: [
        {
          type: 'DataIntegrityProof',
          cryptosuite: 'eddsa-rdfc-2022',
          created: expect.any(String),
          verificationMethod: expect.stringMatching(/\/gs-api\/credentials\/issuer\/multikeys\//),
          proofPurpose: 'assertionMethod',
          proofValue: expect.stringMatching(/^z/),
        },
      ],
    });
    // The JSON and the VC-JWT are the same list.
    const jwt = await (await fetchList('application/vc+jwt')).text();
    const { proof: _, ...unsigned } = list;
    expect(credentialOfPayload(readJwt(jwt)!.payload)).toEqual(unsigned);

    // Its proof holds with what the platform publishes, fetched over HTTP, and
    // nothing else: from here on, the network is closed.
    const method = list.proof[0]!.verificationMethod;
    const documents = new Map<string, Json>([
      [issuer, await jsonOf('/credentials/issuer')],
      [method, (await (await fetch(method)).json()) as Json],
    ]);
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: unknown) => {
      fetched.push(String(url));
      throw new Error(`no network: ${String(url)}`);
    });
    const verifyList = (credential: Json) =>
      vc.verifyCredential({
        credential,
        suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
        documentLoader: offlineDocumentLoader(documents),
      }) as Promise<{ verified: boolean; error?: unknown }>;
    const result = await verifyList(list);
    expect(result.verified, JSON.stringify(result.error)).toBe(true);
    // Someone else's bit set in it: the proof no longer holds.
    const forged = await encodeStatusList(STATUS_LIST_SIZE, [index]);
    expect(forged).not.toBe(list.credentialSubject.encodedList);
    const tampered = {
      ...list,
      credentialSubject: { ...list.credentialSubject, encodedList: forged },
    };
    expect((await verifyList(tampered)).verified).toBe(false);
    expect(fetched).toEqual([]);
  });

  it('signs each form once per version of the list, and again when a revocation changes it', async () => {
    const id = await issue({});
    const entry = (await credentialOf(id)).credentialStatus;
    expect(entry.statusListCredential).toBe(listUrl);
    const before = await jsonList();
    const beforeJwt = await (await fetchList('application/vc+jwt')).text();
    expect(
      await statusBitOf(before.credentialSubject.encodedList, Number(entry.statusListIndex)),
    ).toBe(false);

    // A fetch at the same version answers the stored document itself, not a new signature:
    // a marker written into the stored ones shows, in either form.
    const stored = await markStored({
      'data-integrity': [before.proof[0]!.created, '1999-01-01T00:00:00Z'],
      'vc+jwt': [beforeJwt.split('.')[2]!, 'stored-signature'],
    });
    const [list] = await platform.ctx.db.query<{ version: string | number }>(
      'SELECT version FROM credential_status_lists WHERE id = $1',
      [listId],
    );
    expect(stored).toEqual([Number(list!.version), Number(list!.version)]);
    expect((await jsonList()).proof[0]!.created).toBe('1999-01-01T00:00:00Z');
    expect(await (await fetchList('application/vc+jwt')).text()).toMatch(/\.stored-signature$/);

    // A revocation is a new version: both forms are signed again, with the bit set.
    await revoke(id);
    const after = await jsonList();
    expect(after.proof[0]!.created).not.toBe('1999-01-01T00:00:00Z');
    expect((await verify({ json: await jsonOf(`/credentials/${id}/data-integrity`) })).status).toBe(
      'revoked',
    );
    expect(
      await statusBitOf(after.credentialSubject.encodedList, Number(entry.statusListIndex)),
    ).toBe(true);
    expect(Date.parse(after.validFrom)).toBeGreaterThanOrEqual(Date.parse(before.validFrom));
    const afterJwt = await (await fetchList('application/vc+jwt')).text();
    expect(afterJwt).not.toBe(beforeJwt);
    const fromJwt = credentialOfPayload(readJwt(afterJwt)!.payload) as ListCredential;
    expect(fromJwt.credentialSubject).toEqual(after.credentialSubject);
    // Every later fetch, in either form, reads that version.
    expect(await jsonList()).toEqual(after);
  });

  it("leaves the platform's own verifier as it was: revoked reads revoked, the list is not a badge", async () => {
    const id = await issue({});
    const badge = await jsonOf(`/credentials/${id}/data-integrity`);
    expect((await verify({ json: badge })).status).toBe('active');
    await revoke(id);
    expect(await verify({ json: badge })).toMatchObject({ verified: false, status: 'revoked' });

    const report = await verify({ json: await jsonList() });
    expect(report.verified).toBe(false);
    expect(report.notABadge).toContain('BitstringStatusListCredential');
  });

  it('answers 404 for a list it does not keep and 400 for an id that is not one, in either form', async () => {
    for (const accept of ['application/vc+jwt', JSON_LD]) {
      const missing = await get('/credentials/status/00000000-0000-4000-8000-000000000000', {
        accept,
      });
      expect(missing.status, accept).toBe(404);
      expect(missing.headers.get('content-type'), accept).toMatch(/^application\/json/);
      expect(((await missing.json()) as { message: string }).message).toBe('Status list not found');
      expect((await get('/credentials/status/not-a-list', { accept })).status, accept).toBe(400);
    }
  });
});
