// The escrow on a real chain after any mix of the platform's own calls:
// publish, apply, approve, reject, claim, release of lapsed approvals, delete
// and ban, in a seeded random order through the API, consent and the
// pipeline. After every step the escrow contract holds exactly the unpaid
// rewards (plus fees still held) of the live badges and the rewards owed to
// approved, unclaimed earners of closed (deleted, banned) badges, as the
// platform records them, and each badge's escrow and awards agree between
// chain and database. Approved earners of closed badges claim in the mix too.
import { chainActions } from '../../src/actions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import type { Application, ApplicationWithBadge, Badge } from '@gets/schema';
import { releaseExpiredApprovals } from '../../src/modules/applications/jobs.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestUser, waitUntilSettled, type TestUser } from '../helpers/accounts.ts';
import {
  adminCaller,
  call,
  chainBadge,
  escrowBalance,
  runAction,
  type Caller,
} from '../helpers/badges.ts';
import {
  advanceChainTime,
  applyFor,
  claimApplication,
  publishApprovedBadge,
  review,
} from '../helpers/applications.ts';

const SEED = 20_260_311;
const STEPS = 28;
const FEE = parseUnits('9', 18);

/** A small deterministic generator, so a failing mix can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return {
    next() {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      return state / 2 ** 32;
    },
    pick<T>(items: T[]): T | undefined {
      return items.length === 0 ? undefined : items[Math.floor(this.next() * items.length)];
    },
  };
}

interface LedgerRow {
  id: string;
  on_chain_id: string;
  status: string;
  amount_of_token: string;
  number_of_badge: string | number;
  approved_count: string | number;
  claimed: string | number;
}

describe('the badge escrow', () => {
  let platform: TestPlatform;
  let sponsor: TestUser;
  let admin: Caller;
  const earners: TestUser[] = [];
  const request = (path: string, init?: RequestInit) => platform.request(path, init);

  beforeAll(async () => {
    platform = await startTestPlatform();
    sponsor = await createTestUser(platform.ctx, { userType: 'SPONSOR', gets: '2000' });
    admin = await adminCaller(platform.ctx);
    for (let i = 0; i < 5; i += 1) earners.push(await createTestUser(platform.ctx));
  }, 60_000);
  afterAll(async () => {
    await platform?.stop();
  });

  /** The escrow the platform's records say the contract must hold, checked against the chain. */
  async function checkLedger(step: string) {
    const { ctx } = platform;
    const rows = await ctx.db.query<LedgerRow>(
      `SELECT b.id, b.on_chain_id::text, b.status, b.amount_of_token::text, b.number_of_badge,
              b.approved_count,
              (SELECT count(*) FROM badge_applications a
                WHERE a.badge_id = b.id AND a.status = 'TOKEN_CLAIMED') AS claimed
         FROM badges b WHERE b.on_chain_id IS NOT NULL`,
    );
    let expected = 0n;
    for (const row of rows) {
      const live = row.status === 'UNDER_VERIFICATION' || row.status === 'VERIFIED';
      // A live badge keeps every unclaimed slot's reward; a closed one only what its
      // approved, unclaimed earners are owed (the rest went back to the sponsor).
      const unpaid =
        BigInt(row.amount_of_token) *
        BigInt(
          (live ? Number(row.number_of_badge) : Number(row.approved_count)) - Number(row.claimed),
        );
      expected += unpaid + (row.status === 'UNDER_VERIFICATION' ? FEE : 0n);
      const onChain = await chainBadge(ctx, row.on_chain_id);
      expect({ step, badge: row.id, escrow: onChain.escrow }).toEqual({
        step,
        badge: row.id,
        escrow: unpaid,
      });
      expect({ step, claimed: onChain.claimedCount, approved: onChain.approvedCount }).toEqual({
        step,
        claimed: Number(row.claimed),
        approved: Number(row.approved_count),
      });
    }
    expect({ step, held: await escrowBalance(ctx) }).toEqual({ step, held: expected });
  }

  async function liveBadges(): Promise<Badge[]> {
    const list = await call(request, sponsor, 'GET', '/gs-api/badge/published/list');
    return (list.data as Badge[]).filter((b) => b.status === 'VERIFIED');
  }

  /** Every earner's approved applications, of live and closed badges alike. */
  async function approvedApplications(): Promise<ApplicationWithBadge[]> {
    const all: ApplicationWithBadge[] = [];
    for (const earner of earners) {
      const mine = await call(request, earner, 'GET', '/gs-api/badge/applied/earner');
      all.push(...(mine.data as ApplicationWithBadge[]).filter((a) => a.status === 'APPROVED'));
    }
    return all;
  }

  async function applicationsOf(badges: Badge[]) {
    const all: Application[] = [];
    for (const badge of badges) {
      const list = await call(
        request,
        sponsor,
        'GET',
        `/gs-api/badge/applications/list?badgeId=${badge._id}`,
      );
      all.push(...(list.data as Application[]));
    }
    return all;
  }

  it('always holds the unpaid rewards of the live badges, after any mix of calls', async () => {
    const rng = random(SEED);
    const done: string[] = [];
    let timeTravels = 0;
    await checkLedger('start');
    for (let step = 0; step < STEPS; step += 1) {
      const badges = await liveBadges();
      const applications = await applicationsOf(badges);
      const canApply = badges.some(
        (b) =>
          b.availableBadge > 0 &&
          earners.some(
            (e) => !applications.some((a) => a.badgeId === b._id && a.studentAddress === e.address),
          ),
      );
      const approved = await approvedApplications();
      const approvedExists = approved.length > 0;
      // Each step picks one call that can run now, weighted toward the earner's and sponsor's.
      const possible: [string, number][] = [
        ['publish', badges.length < 2 ? 3 : 1],
        ['apply', canApply ? 4 : 0],
        ['review', applications.some((a) => a.status === 'APPLIED') ? 3 : 0],
        ['claim', approvedExists ? 3 : 0],
        ['release', approvedExists && timeTravels < 2 ? 1 : 0],
        ['delete', badges.length > 1 ? 1 : 0],
        ['ban', badges.length > 1 ? 1 : 0],
      ];
      const kind = rng.pick(
        possible.flatMap(([name, weight]) => Array<string>(weight).fill(name)),
      )!;
      let did = kind;
      switch (kind) {
        case 'publish': {
          await publishApprovedBadge(request, sponsor, admin, {
            name: `Mix ${step}`,
            numberOfBadge: 1 + Math.floor(rng.next() * 3),
            amountOfToken: String(1 + Math.floor(rng.next() * 5)),
          });
          break;
        }
        case 'apply': {
          const badge = rng.pick(badges.filter((b) => b.availableBadge > 0));
          const applied = new Set(
            applications.filter((a) => a.badgeId === badge?._id).map((a) => a.studentAddress),
          );
          const earner = rng.pick(earners.filter((e) => !applied.has(e.address)));
          if (!badge || !earner) {
            did = 'apply (none possible)';
            break;
          }
          await applyFor(request, earner, badge, { fullName: `Earner ${earners.indexOf(earner)}` });
          break;
        }
        case 'review': {
          const badge = rng.pick(
            badges.filter((b) =>
              applications.some((a) => a.badgeId === b._id && a.status === 'APPLIED'),
            ),
          );
          if (!badge) {
            did = 'review (none pending)';
            break;
          }
          let left = badge.availableBadge;
          const decisions = applications
            .filter((a) => a.badgeId === badge._id && a.status === 'APPLIED')
            .map((a): [Application, boolean] => {
              const approve = left > 0 && rng.next() < 0.7;
              if (approve) left -= 1;
              return [a, approve];
            });
          const run = await review(request, sponsor, decisions);
          expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
          break;
        }
        case 'claim': {
          const picked = rng.pick(approved);
          const earner = earners.find((e) => e.address === picked?.studentAddress);
          if (!picked || !earner) {
            did = 'claim (none approved)';
            break;
          }
          const run = await claimApplication(request, earner, picked);
          expect(run.outcome.status, run.outcome.failureReason ?? '').toBe('COMPLETED');
          if (picked.badge.status !== 'VERIFIED') did = `claim on a ${picked.badge.status} badge`;
          break;
        }
        case 'release': {
          if (timeTravels >= 2 || !approvedExists) {
            did = 'release (none approved)';
            break;
          }
          timeTravels += 1;
          await advanceChainTime(platform.ctx, 10 * 86_400 + 60);
          const { ctx } = platform;
          await releaseExpiredApprovals({
            db: ctx.db,
            keystore: ctx.keystore,
            chain: ctx.chain,
            actions: chainActions,
          });
          await waitUntilSettled(ctx);
          break;
        }
        case 'delete': {
          const badge = rng.pick(badges);
          const run = await runAction(request, sponsor, 'DELETE', '/gs-api/badge/metakeep/delete', {
            onChainId: badge!.onChainId,
            email: sponsor.email,
          });
          expect(run.outcome.status).toBe('COMPLETED');
          break;
        }
        case 'ban': {
          const badge = rng.pick(badges);
          const run = await runAction(
            request,
            admin,
            'PUT',
            `/gs-api/admin/badge/ban/${badge!._id}`,
            {},
          );
          expect(run.outcome.status).toBe('COMPLETED');
          break;
        }
      }
      done.push(did);
      await checkLedger(`step ${step}: ${did}`);
    }
    // The mix covered every kind of call at least once.
    for (const kind of ['publish', 'apply', 'review', 'claim', 'release', 'delete', 'ban']) {
      expect(done, `no ${kind} in the mix: ${done.join(', ')}`).toContain(kind);
    }
  }, 600_000);
});
