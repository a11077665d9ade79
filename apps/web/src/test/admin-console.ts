// The set-up the admin console tests share (features/admin/*.test.tsx): sponsors
// as the server lists them, the admin's balances, and the API stubbed with the
// sponsor lists the console reads first.
import {
  ACTIVE_SPONSORS_MAX_PAGE,
  TOTAL_COUNT_HEADER,
  type ActiveSponsor,
  type AdminSponsor,
} from '@gets/schema';
import { stubApi, type Answer, type StubCall } from './api-stub';

export const sponsor = (n: number, extra: Partial<ActiveSponsor> = {}): ActiveSponsor => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `sponsor${n}@example.org`,
  fullName: `Sponsor ${n}`,
  userName: `sponsor${n}`,
  userType: 'SPONSOR',
  status: 'APPROVED',
  isVerified: false,
  emailVerified: true,
  profilePic: null,
  account: `0x${String(n).padStart(40, '0')}`,
  onChainId: null,
  emailClaimReminder: true,
  emailApplicationDigest: true,
  isBanned: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  userBalance: `${n}.5`,
  totalBadge: n,
  ...extra,
});
export const pendingSponsor = (n: number): AdminSponsor => {
  const { userBalance: _unused, ...rest } = sponsor(n, { status: 'PENDING' });
  return rest;
};

export const BALANCES = {
  userBalance: '1000000',
  stakingBalance: '0',
  totalStakingBalance: '0',
  account: '0x9999999999999999999999999999999999999999',
};

/** GET /admin/sponsors/verified as the server answers it: search, a page (limit, after) and the total header. */
export function activeSponsorsOf(all: ReturnType<typeof sponsor>[]): (call: StubCall) => Answer {
  return (call) => {
    const search = (call.query.get('search') ?? '').toLowerCase();
    const found = all.filter((s) => s.fullName.toLowerCase().includes(search));
    const limit = Number(call.query.get('limit') ?? ACTIVE_SPONSORS_MAX_PAGE);
    const after = call.query.get('after');
    const start = after === null ? 0 : found.findIndex((s) => s._id === after) + 1;
    return {
      data: found.slice(start, start + limit),
      headers: { [TOTAL_COUNT_HEADER]: String(found.length) },
    };
  };
}

export function stubConsole(overrides: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /admin/sponsors/unapproved': (call) => ({
      data:
        call.query.get('status') === 'REJECTED' ? [] : [1, 2, 3, 4, 5, 6, 7].map(pendingSponsor),
    }),
    'GET /admin/sponsors/verified': activeSponsorsOf([
      sponsor(20),
      sponsor(21, { isVerified: true }),
    ]),
    'GET /stake/balance/admin': { data: BALANCES },
    ...overrides,
  });
}
