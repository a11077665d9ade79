import { describe, expect, it } from 'vitest';
import { linkedInAddCertificationUrl, verifyRequestSchema } from './credentials.ts';

describe('LinkedIn add-certification URL', () => {
  it('carries name, organisation, issue date, credential id and URL, and no expiry when none', () => {
    const [origin, query] = linkedInAddCertificationUrl({
      name: 'R&D Lead: "Level 2"',
      organizationName: 'Navy Computing Lab',
      issuedAt: new Date('2025-12-31T23:30:00Z'),
      certId: 'c-1',
      certUrl: 'https://badges.example.org/verify/c-1?x=1',
    }).split('?');
    expect(origin).toBe('https://www.linkedin.com/profile/add');
    const params = Object.fromEntries(
      query!.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
    );
    expect(params).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'R&D Lead: "Level 2"',
      organizationName: 'Navy Computing Lab',
      issueYear: '2025',
      issueMonth: '12',
      certUrl: 'https://badges.example.org/verify/c-1?x=1',
      certId: 'c-1',
    });
  });
});

describe('verify request', () => {
  it('takes a JWT string or a credential object, and nothing empty', () => {
    expect(verifyRequestSchema.safeParse({ credential: 'eyJ.a.b' }).success).toBe(true);
    expect(
      verifyRequestSchema.safeParse({ credential: { type: ['VerifiableCredential'] } }).success,
    ).toBe(true);
    expect(verifyRequestSchema.safeParse({ credential: '  ' }).success).toBe(false);
    expect(verifyRequestSchema.safeParse({}).success).toBe(false);
  });
});
