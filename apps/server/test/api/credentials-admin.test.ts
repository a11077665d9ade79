// The admin's side of credentials: the list of a badge's credentials, one
// revoked with a reason, and every credential of a banned badge revoked.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_MESSAGES,
  type BadgeCredential,
  type EarnerCredential,
  type VerificationReport,
} from '@gets/schema';
import type { AwardFacts } from '../../src/modules/credentials/award-facts.ts';
import { revokeCredentialsOfBadge } from '../../src/modules/credentials/service.ts';
import { bearer, call } from '../helpers/account-flows.ts';
import type { TestUser } from '../helpers/accounts.ts';
import { credentialApiSuite } from '../helpers/credential-api.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

describe('Open Badges credentials for an admin', () => {
  const api = credentialApiSuite();
  const { jwtOf, verify, issue } = api;
  let platform: TestPlatform;
  let earner: TestUser;
  let adminToken: string;
  let facts: AwardFacts;
  let credentialId: string;
  beforeAll(() => {
    ({ platform, earner, adminToken, facts, credentialId } = api.state);
  });

  it('lists the credentials of a badge for an admin, who revokes one with a reason', async () => {
    const badgeId = randomUUID();
    const first = await issue({ badge: { ...facts.badge, id: badgeId } });
    const second = await issue({ badge: { ...facts.badge, id: badgeId } });
    const path = `/admin/credentials?badgeId=${badgeId}`;
    const listed = () =>
      call<BadgeCredential[]>(platform, 'GET', path, undefined, bearer(adminToken));

    expect((await call(platform, 'GET', path)).status).toBe(401);
    expect((await call(platform, 'GET', path, undefined, earner.authorization)).status).toBe(403);
    const before = await listed();
    expect(before).toMatchObject({ status: 200, message: CREDENTIAL_MESSAGES.badgeCredentials });
    expect(before.data.map((c) => c.id).sort()).toEqual([first, second].sort());
    expect(before.data.find((c) => c.id === first)).toEqual({
      id: first,
      earnerName: 'Grace Hopper',
      earnerEmail: earner.email,
      earnerWallet: earner.address,
      issuedAt: facts.issuedAt.toISOString(),
      status: 'active',
      revokedAt: null,
      revocationReason: null,
    });

    const revoked = await call<{ revokedAt: string }>(
      platform,
      'POST',
      `/admin/credentials/${first}/revoke`,
      { reason: 'Evidence was plagiarised' },
      bearer(adminToken),
    );
    expect(revoked).toMatchObject({ status: 200, message: CREDENTIAL_MESSAGES.revoked });
    const after = await listed();
    expect(after.data.find((c) => c.id === first)).toMatchObject({
      status: 'revoked',
      revokedAt: revoked.data.revokedAt,
      revocationReason: 'Evidence was plagiarised',
    });
    expect(after.data.find((c) => c.id === second)).toMatchObject({
      status: 'active',
      revokedAt: null,
    });
    // Its earner is told when and why, beside the one still standing.
    const mine = await call<EarnerCredential[]>(
      platform,
      'GET',
      '/credentials/mine',
      undefined,
      earner.authorization,
    );
    expect(mine.data.find((c) => c.id === first)).toMatchObject({
      status: 'revoked',
      revokedAt: revoked.data.revokedAt,
      revocationReason: 'Evidence was plagiarised',
    });
    expect(mine.data.find((c) => c.id === second)).toMatchObject({
      status: 'active',
      revokedAt: null,
      revocationReason: null,
    });
    // What anyone verifying it by id is told.
    const report = await call<VerificationReport>(platform, 'GET', `/verify/${first}`);
    expect(report.data).toMatchObject({ verified: false, status: 'revoked' });
    // Another badge's credentials are not in the list, and a badge id must be one.
    expect(after.data.map((c) => c.id)).not.toContain(credentialId);
    expect(
      (await call(platform, 'GET', '/admin/credentials?badgeId=x', undefined, bearer(adminToken)))
        .status,
    ).toBe(400);
  });

  it('revokes every credential of a banned badge', async () => {
    const badgeId = `banned-${Math.random()}`;
    const first = await issue({ badge: { ...facts.badge, id: badgeId } });
    const second = await issue({ badge: { ...facts.badge, id: badgeId } });
    expect(await revokeCredentialsOfBadge(platform.ctx.db, badgeId, 'Badge banned')).toBe(2);
    expect(await revokeCredentialsOfBadge(platform.ctx.db, badgeId, 'Badge banned')).toBe(0);
    for (const id of [first, second]) {
      expect((await verify({ jwt: await jwtOf(id) })).status).toBe('revoked');
    }
    expect((await verify({ jwt: await jwtOf(credentialId) })).status).toBe('active');
  });
});
