import { describe, expect, it } from 'vitest';
import {
  achievementCredentialErrors,
  profileErrors,
  sampleAwardFacts,
} from '../../../test/helpers/credentials.ts';
import { hashEmail, toStoredFacts } from './award-facts.ts';
import { issuerUrls } from './issuer-urls.ts';
import {
  buildCredential,
  CHAIN_EVIDENCE_GENRE,
  credentialValidity,
  issuerProfileDocument,
  OB_V3_CONTEXT,
  VC_V2_CONTEXT,
} from './open-badge-credential.ts';

const urls = issuerUrls('https://badges.example.org/');
const record = (overrides = {}) => ({
  id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
  facts: toStoredFacts(sampleAwardFacts(overrides)),
  statusListId: '5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21',
  statusListIndex: 4711,
});

describe('OpenBadgeCredential of a claimed award', () => {
  it('validates against the 1EdTech AchievementCredential JSON Schema, with and without expiry', () => {
    expect(achievementCredentialErrors(buildCredential(record(), urls, undefined))).toEqual([]);
    const expiring = record({
      badge: { ...sampleAwardFacts().badge, expiresAt: new Date('2026-01-01T00:00:00Z') },
      evidence: null,
    });
    expect(
      achievementCredentialErrors(buildCredential(expiring, urls, 'https://polygonscan.com')),
    ).toEqual([]);
  });

  it('says what the award is, who issued it and who earned it, with the sponsor as creator', () => {
    const credential = buildCredential(record(), urls, undefined);
    expect(credential['@context']).toEqual([
      VC_V2_CONTEXT,
      OB_V3_CONTEXT,
      'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json',
      {
        chainId: 'https://badges.example.org/gs-api/credentials/vocab#chainId',
        transactionHash: 'https://badges.example.org/gs-api/credentials/vocab#transactionHash',
        tokenContract: 'https://badges.example.org/gs-api/credentials/vocab#tokenContract',
        tokenId: 'https://badges.example.org/gs-api/credentials/vocab#tokenId',
      },
    ]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe(
      'https://badges.example.org/gs-api/credentials/0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
    );
    expect(credential.issuer).toMatchObject({
      id: 'https://badges.example.org/gs-api/credentials/issuer',
      name: 'GETS Badges',
    });
    expect(credential.validFrom).toBe('2025-03-01T10:00:00Z');
    expect(credential).not.toHaveProperty('validUntil');
    const achievement = credential.credentialSubject.achievement as {
      id: string;
      criteria: { narrative: string };
      image: { id: string };
      creator: unknown;
    };
    expect(achievement.id).toMatch(/^https:\/\/badges\.example\.org\/badge\/[0-9a-f-]{36}$/);
    expect(achievement.criteria.narrative).toMatch(/Bernoulli numbers/);
    expect(achievement.image.id).toMatch(/^https:\/\/badges\.example\.org\/gs-api\/ipfs\/bafkrei/);
    expect(achievement.creator).toMatchObject({ type: ['Profile'], name: 'Babbage Institute' });
    expect(credential.credentialSubject.id).toBe(
      'did:pkh:eip155:137:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    expect(credential.credentialStatus).toEqual({
      id: 'https://badges.example.org/gs-api/credentials/status/5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21#4711',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '4711',
      statusListCredential:
        'https://badges.example.org/gs-api/credentials/status/5d0c1b7a-1c7e-4e36-8f0b-2a4f9d6c3e21',
    });
  });

  it('carries the email only as a salted hash, and the name in clear', () => {
    const r = record();
    const text = JSON.stringify(buildCredential(r, urls, undefined));
    expect(text.toLowerCase()).not.toContain('ada.lovelace@example.org');
    const [email, name] = buildCredential(r, urls, undefined).credentialSubject.identifier;
    expect(email).toMatchObject({ identityType: 'emailAddress', hashed: true });
    expect(email!.identityHash).toBe(hashEmail('ada.lovelace@example.org', email!.salt!));
    expect(email!.identityHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(name).toEqual({
      type: 'IdentityObject',
      identityHash: 'Ada Lovelace',
      identityType: 'name',
      hashed: false,
    });
    // Two credentials of one earner do not share a hash (each has its own salt).
    expect(record().facts.earner.emailHash).not.toBe(r.facts.earner.emailHash);
  });

  it('has the chain record as evidence, and the application evidence only when shared', () => {
    const shared = buildCredential(record(), urls, 'https://polygonscan.com/');
    expect(shared.evidence).toHaveLength(2);
    expect(shared.evidence[0]).toMatchObject({
      id: `https://polygonscan.com/tx/0x${'ab'.repeat(32)}`,
      genre: CHAIN_EVIDENCE_GENRE,
      chainId: 137,
      transactionHash: `0x${'ab'.repeat(32)}`,
      tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: '7',
    });
    expect(shared.evidence[1]).toMatchObject({ narrative: 'Notes G on the Analytical Engine.' });
    const notShared = buildCredential(record({ evidence: null }), urls, undefined);
    expect(notShared.evidence).toHaveLength(1);
    // Without an explorer, the platform's own transaction page, absolute.
    expect(notShared.evidence[0]!.id).toBe(`https://badges.example.org/tx/0x${'ab'.repeat(32)}`);
  });

  it('refuses facts a claimed award cannot have (no wallet, a bad transaction hash)', () => {
    const facts = sampleAwardFacts();
    expect(() =>
      toStoredFacts({ ...facts, earner: { ...facts.earner, wallet: '0x12' } }),
    ).toThrow();
    expect(() =>
      toStoredFacts({ ...facts, chainProof: { ...facts.chainProof, transactionHash: '0xabc' } }),
    ).toThrow();
  });

  it('sets validUntil only where the badge itself expires, and never at or before the issue', () => {
    const issuedAt = '2025-03-01T10:00:00.400Z';
    const badge = { ...toStoredFacts(sampleAwardFacts()).badge };
    expect(credentialValidity({ issuedAt, badge: { ...badge, expiresAt: null } })).toEqual({
      validFrom: '2025-03-01T10:00:00Z',
    });
    expect(
      credentialValidity({ issuedAt, badge: { ...badge, expiresAt: '2027-01-01T00:00:00.900Z' } }),
    ).toEqual({ validFrom: '2025-03-01T10:00:00Z', validUntil: '2027-01-01T00:00:00Z' });
    for (const expiresAt of ['2025-03-01T10:00:00.900Z', '2024-12-31T00:00:00.000Z']) {
      expect(credentialValidity({ issuedAt, badge: { ...badge, expiresAt } })).toEqual({
        validFrom: '2025-03-01T10:00:00Z',
      });
    }
  });

  it('publishes an issuer Profile that validates against the 1EdTech Profile schema', () => {
    const profile = issuerProfileDocument(urls);
    expect(profileErrors(profile)).toEqual([]);
    expect(profile.id).toBe(buildCredential(record(), urls, undefined).issuer.id);
  });
});
