import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildStatusListCredential,
  encodeStatusList,
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
