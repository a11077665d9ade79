// A claim and a ban of the same badge settling at the same moment, in two
// database transactions side by side (two workers): the banned badge's new
// credential must end revoked whichever takes the badge row first. Needs
// PostgreSQL's row locks (PGlite runs one transaction at a time): a private
// server, or the shared one when DATABASE_URL names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { banBadge } from '../../src/modules/badges/actions.ts';
import { lockBadgeStatus } from '../../src/modules/badges/badge-repository.ts';
import { findCredentialById } from '../../src/modules/credentials/credential-repository.ts';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { publishApprovedBadge } from '../helpers/applications.ts';
import { adminCaller } from '../helpers/badges.ts';
import { sampleAwardFacts } from '../helpers/credentials.ts';
import {
  postgresBinDir,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../helpers/private-postgres.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

const onSharedPostgres = !!process.env.DATABASE_URL;

/** A promise and the function that settles it: a gate one transaction waits at. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Resolves true once `promise` has settled, false if it is still pending after `ms`. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe.runIf(onSharedPostgres || postgresBinDir() !== undefined)(
  'a claim and a ban of one badge settled at the same moment',
  () => {
    let postgres: PrivatePostgres | undefined;
    let platform: TestPlatform;

    beforeAll(async () => {
      if (!onSharedPostgres) postgres = await startPrivatePostgres();
      platform = await startTestPlatform({}, postgres ? { databaseUrl: postgres.url } : {});
    }, 120_000);
    afterAll(async () => {
      await platform?.stop();
      await postgres?.remove();
    });

    async function approvedBadge() {
      const sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '100' });
      const admin = await adminCaller(platform.ctx);
      return publishApprovedBadge(platform.request, sponsor, admin);
    }
    /** The facts of an award of the badge to a new earner, as the claim's effect records them. */
    async function awardOf(badgeId: string) {
      const earner = await createTestUser(platform.ctx);
      const sample = sampleAwardFacts();
      return sampleAwardFacts({
        earner: {
          ...sample.earner,
          userId: earner.id,
          email: earner.email,
          wallet: earner.address,
        },
        badge: { ...sample.badge, id: badgeId },
      });
    }
    /** The ban's completion effect, as the settling worker runs it. */
    const banEffect = (tx: Queryable, onChainId: string) =>
      banBadge.onCompleted!(
        tx,
        {} as never,
        [{ eventName: 'BadgeBanned', args: { badgeId: onChainId } }] as never,
      );
    const revokedAt = async (credentialId: string) =>
      (await findCredentialById(platform.ctx.db, credentialId))?.revokedAt ?? null;

    it('the claim takes the row first: the ban waits for it, then revokes its credential', async () => {
      const badge = await approvedBadge();
      const award = await awardOf(badge._id);
      const claimHolds = gate();
      const claimLocked = gate();
      let credentialId = '';
      const claim = platform.ctx.db.transaction(async (tx) => {
        ({ credentialId } = await issueCredential(tx, award));
        expect(await lockBadgeStatus(tx, badge._id)).toBe('VERIFIED');
        claimLocked.open();
        await claimHolds.opened;
      });
      await claimLocked.opened;
      const ban = platform.ctx.db.transaction((tx) => banEffect(tx, badge.onChainId!));
      // The ban's update of the badge row waits for the claim's transaction.
      expect(await settledWithin(ban, 500)).toBe(false);
      claimHolds.open();
      await Promise.all([claim, ban]);
      expect(await revokedAt(credentialId)).toBeInstanceOf(Date);
    });

    it('the ban takes the row first: the claim reads the badge banned once the ban commits', async () => {
      const badge = await approvedBadge();
      const award = await awardOf(badge._id);
      const banHolds = gate();
      const banLocked = gate();
      const ban = platform.ctx.db.transaction(async (tx) => {
        await banEffect(tx, badge.onChainId!);
        banLocked.open();
        await banHolds.opened;
      });
      await banLocked.opened;
      const claim = platform.ctx.db.transaction(async (tx) => {
        await issueCredential(tx, award);
        return lockBadgeStatus(tx, badge._id);
      });
      expect(await settledWithin(claim, 500)).toBe(false);
      banHolds.open();
      await ban;
      // Read after the ban committed, under the lock: the claim's effect revokes what it issued.
      expect(await claim).toBe('BANNED');
    });
  },
);
