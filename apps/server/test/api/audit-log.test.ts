// The admin audit log: every admin write of the route table must name the
// audit action it records (a new admin write without one fails here), and a
// representative set of admin actions shows up in GET /admin/audit-log with
// who, what and the target, newest first, a page at a time; a chain action
// shows its outcome from the pipeline.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_KEYS, type AuditAction, type AuditEntry } from '@gets/schema';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { call } from '../helpers/account-flows.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { consentAndRun, firstAdmin } from '../helpers/admin.ts';
import { sampleAwardFacts } from '../helpers/credentials.ts';
import { apiRoutes, keyOf, POLICIES } from '../helpers/route-policies.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

/**
 * Each route an admin may call that is not a GET → the audit actions it
 * records, or why it records none.
 */
const AUDITED: Record<string, AuditAction[] | { none: string }> = {
  'POST /gs-api/admin/logout': { none: "ends the admin's own session" },
  'POST /gs-api/metakeep/transaction': { none: 'reads a transaction status' },
  'PUT /gs-api/admin/sponsors/status': ['sponsor.approve', 'sponsor.reject'],
  'PUT /gs-api/admin/change/verified-status': ['sponsor.verify'],
  'PUT /gs-api/admin/sponsors/ban-status': ['sponsor.ban', 'sponsor.unban'],
  'DELETE /gs-api/admin/api-keys/{id}': ['sponsor.revokeApiKey'],
  'PUT /gs-api/admin/settings': ['settings.save'],
  'PUT /gs-api/admin/metakeep/claim-period': ['settings.period'],
  'PUT /gs-api/admin/metakeep/approval-period': ['settings.period'],
  'PUT /gs-api/admin/metakeep/lock-period': ['settings.period'],
  'POST /gs-api/admin/admins': ['admin.add'],
  'DELETE /gs-api/admin/admins/{id}': ['admin.remove'],
  'POST /gs-api/admin/credentials/{credentialId}/revoke': ['credential.revoke'],
  'POST /gs-api/metakeep/badge/approve': ['badge.approve'],
  'PUT /gs-api/admin/badge/approve/{id}': {
    none: 'confirms a chain approval, recorded as badge.approve when it was queued',
  },
  'PUT /gs-api/admin/badge/ban/{badgeId}': ['badge.ban'],
  'POST /gs-api/stake/withdraw/metakeep/admin': ['treasury.withdraw'],
  'POST /gs-api/stake/withdraw/admin': {
    none: 'confirms a completed withdrawal, recorded as treasury.withdraw when it was queued',
  },
  'POST /gs-api/stake/deposit/metakeep/admin': ['treasury.deposit'],
  'POST /gs-api/token/transfer-token': ['tokens.send'],
  // The admin's own second factors and sessions (issue 45): each a change of
  // their own sign-in, confirmed with a factor they have, not of the platform.
  'POST /gs-api/security/step-up/options': { none: 'hands out a passkey challenge' },
  'POST /gs-api/security/passkeys/options': { none: 'hands out registration options' },
  'POST /gs-api/security/passkeys': { none: "adds a passkey to the admin's own sign-in" },
  'DELETE /gs-api/security/passkeys/{id}': { none: "removes one of the admin's own passkeys" },
  'POST /gs-api/security/totp/setup': { none: 'starts the set-up of an authenticator app' },
  'POST /gs-api/security/totp/confirm': { none: "confirms the admin's own authenticator app" },
  'DELETE /gs-api/security/totp': { none: "removes the admin's own authenticator app" },
  'POST /gs-api/security/recovery-codes': { none: "replaces the admin's own recovery codes" },
  'DELETE /gs-api/security/sessions/{id}': { none: "ends one of the admin's own sessions" },
  'POST /gs-api/security/sessions/sign-out-others': {
    none: "ends the admin's own other sessions",
  },
  'POST /gs-api/security/wallet-export': { none: "refused: an admin's wallet is not exported" },
};

describe('admin audit log', () => {
  let platform: TestPlatform;
  let admin: Awaited<ReturnType<typeof firstAdmin>>;

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '10000' });
    admin = await firstAdmin(platform);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const log = (query = '') =>
    call<{ entries: AuditEntry[]; nextCursor: string | null }>(
      platform,
      'GET',
      `/admin/audit-log${query}`,
      undefined,
      admin.headers,
    );

  it('names the audit action of every admin write in the route table', async () => {
    const adminWrites = (await apiRoutes(platform))
      .filter((route) => route.method !== 'GET')
      .map(keyOf)
      .filter((key) => POLICIES[key] === 'admin' || POLICIES[key] === 'actor');
    expect(adminWrites.filter((key) => !(key in AUDITED))).toEqual([]);
    expect(Object.keys(AUDITED).filter((key) => !adminWrites.includes(key))).toEqual([]);
    // Every action the log knows is written by some route.
    const written = new Set(Object.values(AUDITED).flatMap((v) => (Array.isArray(v) ? v : [])));
    expect(AUDIT_ACTION_KEYS.filter((action) => !written.has(action))).toEqual([]);
  });

  let approved: TestUser;
  let rejected: TestUser;
  let credentialId = '';
  let invitedEmail = '';
  let addTransactionId = '';

  it('records sponsor decisions, a ban, settings, a revocation, a new admin and a transfer, newest first', async () => {
    const before = (await log()).data.entries.map((e) => e.id);
    approved = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    rejected = await createTestUser(platform.ctx, { userType: 'SPONSOR' });
    const put = (path: string, body: Record<string, unknown>) =>
      call(platform, 'PUT', path, body, admin.headers);

    expect(
      (await put('/admin/sponsors/status', { userId: approved.id, status: 'APPROVED' })).status,
    ).toBe(200);
    expect(
      (await put('/admin/sponsors/status', { userId: rejected.id, status: 'REJECTED' })).status,
    ).toBe(200);
    expect(
      (await put('/admin/sponsors/ban-status', { userId: rejected.id, isBanned: true })).status,
    ).toBe(200);
    const settings = await call<{ claimPeriod: number }>(
      platform,
      'GET',
      '/admin/settings',
      undefined,
      admin.headers,
    );
    expect((await put('/admin/settings', { claimPeriod: settings.data.claimPeriod })).status).toBe(
      200,
    );

    const earner = await createTestUser(platform.ctx);
    const facts = sampleAwardFacts({
      earner: { userId: earner.id, email: earner.email, wallet: earner.address, fullName: 'E' },
    });
    ({ credentialId } = await platform.ctx.db.transaction((tx) => issueCredential(tx, facts)));
    const revoke = () =>
      call(
        platform,
        'POST',
        `/admin/credentials/${credentialId}/revoke`,
        { reason: 'Evidence was plagiarised' },
        admin.headers,
      );
    expect((await revoke()).status).toBe(200);
    // A refused write records nothing.
    expect((await revoke()).status).toBe(409);

    invitedEmail = `audit-${randomUUID().slice(0, 8)}@example.org`;
    const added = await consentAndRun(
      platform,
      'POST',
      '/admin/admins',
      { emailOrAddress: invitedEmail },
      admin.headers,
    );
    expect(added.outcome.status).toBe('COMPLETED');
    addTransactionId = added.queued.data.transactionId;
    const sent = await consentAndRun(
      platform,
      'POST',
      '/token/transfer-token',
      { from: admin.account, to: approved.address, amount: '1' },
      admin.headers,
    );
    expect(sent.outcome.status).toBe('COMPLETED');

    const answer = await log();
    expect(answer.status).toBe(200);
    const fresh = answer.data.entries.filter((e) => !before.includes(e.id));
    const by = { adminId: admin.id, adminEmail: admin.email };
    // A wallet target is named by its owner's email: the person an admin knows.
    expect(fresh).toEqual([
      expect.objectContaining({
        ...by,
        action: 'tokens.send',
        targetKind: 'wallet',
        targetId: approved.address,
        details: expect.objectContaining({ email: approved.email }),
        outcome: 'COMPLETED',
      }),
      expect.objectContaining({
        ...by,
        action: 'admin.add',
        targetKind: 'wallet',
        details: expect.objectContaining({ email: invitedEmail }),
        transactionId: addTransactionId,
        outcome: 'COMPLETED',
      }),
      expect.objectContaining({
        ...by,
        action: 'credential.revoke',
        targetKind: 'credential',
        targetId: credentialId,
        details: { reason: 'Evidence was plagiarised' },
        outcome: null,
      }),
      expect.objectContaining({
        ...by,
        action: 'settings.save',
        details: { claimPeriod: settings.data.claimPeriod },
      }),
      expect.objectContaining({
        ...by,
        action: 'sponsor.ban',
        targetKind: 'user',
        targetId: rejected.id,
      }),
      expect.objectContaining({ ...by, action: 'sponsor.reject', targetId: rejected.id }),
      expect.objectContaining({ ...by, action: 'sponsor.approve', targetId: approved.id }),
    ]);
    // The consent token never reaches the log.
    expect(JSON.stringify(answer.data.entries)).not.toMatch(/consentToken/i);
  });

  it('pages newest first with the cursor, and filters one action', async () => {
    const all = (await log('?limit=100')).data;
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await log(`?limit=2${cursor ? `&before=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.data.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.entries.map((e) => e.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));
    const times = all.entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const approvals = await log('?action=sponsor.approve');
    expect(approvals.data.entries.map((e) => [e.action, e.targetId])).toEqual([
      ['sponsor.approve', approved.id],
    ]);
  });

  it('refuses a cursor it did not make and an unknown action', async () => {
    expect((await log('?before=not-a-cursor')).status).toBe(400);
    expect((await log('?action=everything')).status).toBe(400);
  });
});
