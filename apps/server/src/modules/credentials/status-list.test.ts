import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildStatusListCredential,
  encodeStatusList,
  negotiateStatusListForm,
  STATUS_LIST_SIZE,
  statusBitOf,
} from './status-list.ts';

describe('Bitstring Status List', () => {
  it('sets exactly the revoked indexes, read back from the encoded list', async () => {
    const encoded = await encodeStatusList(STATUS_LIST_SIZE, [0, 7, 4711, STATUS_LIST_SIZE - 1]);
    for (const index of [0, 7, 4711, STATUS_LIST_SIZE - 1]) {
      expect(await statusBitOf(encoded, index)).toBe(true);
    }
    for (const index of [1, 6, 8, 4710, 4712, STATUS_LIST_SIZE - 2]) {
      expect(await statusBitOf(encoded, index)).toBe(false);
    }
  });

  it('encodes as the specification says: multibase "u", base64url of the gzip of 16 KB, index 0 the left-most bit', async () => {
    const encoded = await encodeStatusList(STATUS_LIST_SIZE, [0, 9]);
    expect(encoded.startsWith('u')).toBe(true);
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
    const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bits.length).toBe(STATUS_LIST_SIZE / 8);
    expect(bits[0]).toBe(0b1000_0000);
    expect(bits[1]).toBe(0b0100_0000);
    expect(bits.subarray(2).every((b) => b === 0)).toBe(true);
  });

  it('is published as a BitstringStatusListCredential with purpose revocation', async () => {
    const credential = buildStatusListCredential({
      url: 'https://badges.example.org/gs-api/credentials/status/abc',
      issuer: 'https://badges.example.org/gs-api/credentials/issuer',
      validFrom: new Date('2025-03-01T10:00:00Z'),
      encodedList: await encodeStatusList(STATUS_LIST_SIZE, []),
    });
    expect(credential.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2']);
    expect(credential.credentialSubject).toMatchObject({
      id: 'https://badges.example.org/gs-api/credentials/status/abc#list',
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
    });
  });
});

describe('the form a status list is served in, by the Accept header', () => {
  const served = (accept: string | undefined) => negotiateStatusListForm(accept);
  const jwt = { form: 'vc+jwt', mediaType: 'application/vc+jwt' };

  it('answers a JOSE verifier, and anyone who names no type of ours, with the VC-JWT as before', () => {
    expect(served('application/vc+jwt')).toEqual(jwt);
    expect(served('application/jwt')).toEqual({ form: 'vc+jwt', mediaType: 'application/jwt' });
    // Node's fetch, curl and most HTTP clients send */* when told nothing.
    expect(served('*/*')).toEqual(jwt);
    expect(served(undefined)).toEqual(jwt);
    expect(served('')).toEqual(jwt);
    expect(served('application/*')).toEqual(jwt);
    expect(served('text/html')).toEqual(jwt);
    expect(served('application/vc+jwt, application/json;q=0.5')).toEqual(jwt);
  });

  it('answers a JSON-LD verifier with the JSON credential, in the media type it named', () => {
    // What DCC's verifier (@digitalcredentials/http-client) and jsonld.js send.
    expect(served('application/ld+json, application/json')).toEqual({
      form: 'data-integrity',
      mediaType: 'application/ld+json',
    });
    expect(served('application/vc')).toEqual({
      form: 'data-integrity',
      mediaType: 'application/vc',
    });
    expect(served('application/vc+ld+json')).toEqual({
      form: 'data-integrity',
      mediaType: 'application/vc+ld+json',
    });
    expect(served('application/json')).toEqual({
      form: 'data-integrity',
      mediaType: 'application/json',
    });
    expect(
      served('application/ld+json;profile="https://www.w3.org/ns/json-ld#compacted,expanded"'),
    ).toEqual({ form: 'data-integrity', mediaType: 'application/ld+json' });
  });

  it('weighs q first, then a type named over one reached by a wildcard, then the VC-JWT', () => {
    // axios' default: JSON named, the rest by wildcard.
    expect(served('application/json, text/plain, */*').form).toBe('data-integrity');
    expect(served('application/vc+jwt;q=0.4, application/vc;q=0.9').form).toBe('data-integrity');
    expect(served('application/vc;q=0.4, application/vc+jwt;q=0.9').form).toBe('vc+jwt');
    expect(served('application/vc, application/vc+jwt').form).toBe('vc+jwt');
    expect(served('application/vc+jwt;q=0, application/jwt;q=0, */*')).toEqual({
      form: 'data-integrity',
      mediaType: 'application/vc',
    });
    expect(served('APPLICATION/LD+JSON').form).toBe('data-integrity');
    // A malformed q leaves its range out rather than guessing.
    expect(served('application/json;q=2')).toEqual(jwt);
  });
});
