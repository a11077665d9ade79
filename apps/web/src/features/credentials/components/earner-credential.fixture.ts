// An earner's active credential as GET /credentials/mine lists it, for the tests of its actions.
import type { EarnerCredential } from '@gets/schema';

const id = '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10';

export const activeEarnerCredential: EarnerCredential = {
  id,
  awardId: 'award-1',
  badgeId: 'b1',
  badgeName: 'Compiler Pioneer',
  sponsorName: 'Navy Computing Lab',
  issuerName: 'GETS Badges',
  issuedAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2027-09-30T00:00:00.000Z',
  revokedAt: null,
  revocationReason: null,
  status: 'active',
  verifyUrl: `https://badges.example.org/verify/${id}`,
  jsonUrl: `https://badges.example.org/gs-api/credentials/${id}`,
  jwtUrl: `https://badges.example.org/gs-api/credentials/${id}/jwt`,
  dataIntegrityUrl: `https://badges.example.org/gs-api/credentials/${id}/data-integrity`,
  pngUrl: `https://badges.example.org/gs-api/credentials/${id}/png`,
};
