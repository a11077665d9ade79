// DCC's verifier (@digitalcredentials/verifier-core), what its wallet and
// VerifierPlus run, on this platform's badges, offline: its fetch is stubbed
// for the length of each call (the platform's URLs reach the platform,
// contexts and 1EdTech's schema come from local copies, anything else is
// refused). It must verify a live badge's Data Integrity proof and read it as
// not revoked, read it revoked once an admin revokes it, and trust a status
// list only with a valid proof by the platform's key.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { encodeStatusList, STATUS_LIST_SIZE } from '../../src/modules/credentials/status-list.ts';
import { call } from '../helpers/account-flows.ts';
import { credentialApiSuite } from '../helpers/credential-api.ts';
import { dccStep, verifyWithDcc, type DccRequest } from '../helpers/dcc-verifier.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

type Json = Record<string, unknown>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("DCC's verifier on this platform's badges", () => {
  const api = credentialApiSuite();
  const { get, jsonOf, issue } = api;
  let platform: TestPlatform;
  let adminToken: string;
  beforeAll(() => {
    ({ platform, adminToken } = api.state);
  });

  const revoke = async (id: string) => {
    const response = await call(
      platform,
      'POST',
      `/admin/credentials/${id}/revoke`,
      { reason: 'Issued to the wrong earner' },
      bearer(adminToken),
    );
    expect(response.status).toBe(200);
  };
  const statusListUrlOf = (badge: Json) =>
    (badge.credentialStatus as { statusListCredential: string }).statusListCredential;
  /** The verifier stayed offline: it asked only the platform and local copies, and was refused nothing. */
  const expectOffline = (requests: DccRequest[]) => {
    expect(requests.filter((r) => r.answeredBy === 'refused')).toEqual([]);
    for (const request of requests) {
      if (request.answeredBy === 'platform') expect(request.url).toMatch(/\/gs-api\/credentials\//);
    }
  };

  it('verifies a live badge and reads it as not revoked, then as revoked once an admin revokes it', async () => {
    const id = await issue({});
    const other = await issue({});
    const badge = await jsonOf(`/credentials/${id}/data-integrity`);
    const otherBadge = await jsonOf(`/credentials/${other}/data-integrity`);
    expect(statusListUrlOf(otherBadge)).toBe(statusListUrlOf(badge));

    const live = await verifyWithDcc(platform, badge);
    expect(live.result.errors, JSON.stringify(live.result.errors)).toBeUndefined();
    expect(dccStep(live.result, 'valid_signature')).toEqual({ id: 'valid_signature', valid: true });
    expect(dccStep(live.result, 'revocation_status')).toEqual({
      id: 'revocation_status',
      valid: true,
    });
    expect(dccStep(live.result, 'expiration')).toMatchObject({ valid: true });
    // It fetched the URL the badge names, as a JSON-LD client, and got the JSON form.
    expect(live.requests).toContainEqual({
      url: statusListUrlOf(badge),
      accept: 'application/ld+json, application/json',
      answeredBy: 'platform',
      contentType: expect.stringMatching(/^application\/ld\+json/),
    });
    expectOffline(live.requests);

    await revoke(id);
    const revoked = await verifyWithDcc(platform, badge);
    expect(revoked.result.errors, JSON.stringify(revoked.result.errors)).toBeUndefined();
    expect(dccStep(revoked.result, 'valid_signature')).toMatchObject({ valid: true });
    expect(dccStep(revoked.result, 'revocation_status')).toEqual({
      id: 'revocation_status',
      valid: false,
    });
    expectOffline(revoked.requests);

    // The same list, another bit: the badge beside it still stands.
    const beside = await verifyWithDcc(platform, otherBadge);
    expect(dccStep(beside.result, 'valid_signature')).toMatchObject({ valid: true });
    expect(dccStep(beside.result, 'revocation_status')).toMatchObject({ valid: true });
  });

  it('trusts a status list only with its proof: a list with the bit cleared on the way is an error, never "not revoked"', async () => {
    const id = await issue({});
    await revoke(id);
    const badge = await jsonOf(`/credentials/${id}/data-integrity`);
    const listUrl = statusListUrlOf(badge);
    const clearedList = await encodeStatusList(STATUS_LIST_SIZE, []);
    const cleared = await verifyWithDcc(platform, badge, {
      tamper: (url, body) => {
        if (url !== listUrl) return body;
        const list = JSON.parse(body) as { credentialSubject: { encodedList: string } };
        list.credentialSubject.encodedList = clearedList;
        return JSON.stringify(list);
      },
    });
    const status = dccStep(cleared.result, 'revocation_status');
    expect(status?.valid).not.toBe(true);
    expect(status?.error?.name).toBe('status_list_signature_error');

    // What DCC's verifier met before the JSON form: the VC-JWT, which it cannot read.
    const jwt = await (await get(new URL(listUrl).pathname.replace(/^\/gs-api/, ''))).text();
    expect(jwt).toMatch(/^eyJ/);
    const asBefore = await verifyWithDcc(platform, badge, {
      tamper: (url, body) => (url === listUrl ? jwt : body),
    });
    expect(dccStep(asBefore.result, 'revocation_status')).toMatchObject({
      error: { name: 'status_list_error', message: expect.stringContaining('not valid JSON') },
    });
  });

  it("verifies the JSON status list credential's own proof, while JOSE verifiers still get the VC-JWT", async () => {
    const id = await issue({});
    const listUrl = statusListUrlOf(await jsonOf(`/credentials/${id}/data-integrity`));
    const listPath = new URL(listUrl).pathname.replace(/^\/gs-api/, '');

    const json = (await (await get(listPath, { accept: 'application/vc' })).json()) as Json;
    expect(json).toMatchObject({
      id: listUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const checked = await verifyWithDcc(platform, json);
    expect(checked.result.errors, JSON.stringify(checked.result.errors)).toBeUndefined();
    expect(dccStep(checked.result, 'valid_signature')).toMatchObject({ valid: true });
    // Its key is the one the issuer's Profile publishes.
    const proof = (json.proof as Json[])[0]!;
    const profile = await jsonOf('/credentials/issuer');
    expect(profile.assertionMethod).toContain(proof.verificationMethod);
    expectOffline(checked.requests);
    const changed = await verifyWithDcc(platform, { ...json, validFrom: '2020-01-01T00:00:00Z' });
    expect(changed.result.errors?.[0]?.name).toBe('invalid_signature');

    // The VC-JWT of the same list, RS256, verifiable with the JWKS alone.
    const response = await get(listPath, { accept: 'application/vc+jwt' });
    expect(response.headers.get('content-type')).toBe('application/vc+jwt');
    const jwks = createRemoteJWKSet(new URL(`${platform.url}/gs-api/credentials/issuer/jwks`));
    const { payload } = await jwtVerify(await response.text(), jwks, { algorithms: ['RS256'] });
    expect(payload.credentialSubject).toEqual(json.credentialSubject);
    expect(payload.id).toBe(listUrl);
  });
});
