// The set-up the admin-sponsors files share (decisions, and the lists): one
// platform per file with its first admin, and the admin's calls over sponsors.
import { afterAll, beforeAll } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@gets/schema';
import { bearer, call, registerUser, type RegisteredUser } from './account-flows.ts';
import { firstAdmin } from './admin.ts';
import { startTestPlatform, type TestPlatform } from './test-platform.ts';

export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Starts the file's platform (API only, no IP limit in the way) and signs its
 * first admin in before the tests, handing both to `started`; stops it after.
 */
export function useAdminSponsorsPlatform(
  started: (platform: TestPlatform, admin: Record<string, string>) => void,
): void {
  let platform: TestPlatform | undefined;
  beforeAll(async () => {
    platform = await startTestPlatform({ MODE: 'api', RATE_LIMIT_IP_MAX: '10000' });
    started(platform, (await firstAdmin(platform)).headers);
  });
  afterAll(async () => {
    await platform?.stop();
  });
}

/** The admin's calls over sponsors, on the platform and as the admin the getters answer. */
export function adminSponsorsCalls(
  platform: () => TestPlatform,
  admin: () => Record<string, string>,
) {
  const decide = (body: unknown, headers = admin()) =>
    call(platform(), 'PUT', '/admin/sponsors/status', body, headers);
  const verify = (body: unknown, headers = admin()) =>
    call(platform(), 'PUT', '/admin/change/verified-status', body, headers);
  const ban = (body: unknown, headers = admin()) =>
    call(platform(), 'PUT', '/admin/sponsors/ban-status', body, headers);
  const me = (sponsor: RegisteredUser) =>
    call<{ status: string; isVerified: boolean }>(
      platform(),
      'GET',
      '/user/me',
      undefined,
      bearer(sponsor.token),
    );
  const sponsor = (fullName = 'Springfield School') =>
    registerUser(platform(), { userType: 'SPONSOR', fullName });

  /** GET /admin/sponsors/verified?query as the admin: the sponsors answered and the count header. */
  const page = async (query: string) => {
    const response = await platform().request(`/gs-api/admin/sponsors/verified?${query}`, {
      headers: admin(),
    });
    const body = (await response.json()) as {
      message: string;
      data: { _id: string; fullName: string }[] | null;
    };
    return {
      status: response.status,
      message: body.message,
      names: Array.isArray(body.data) ? body.data.map((s) => s.fullName) : undefined,
      ids: Array.isArray(body.data) ? body.data.map((s) => s._id) : undefined,
      total: response.headers.get(TOTAL_COUNT_HEADER),
    };
  };

  return { decide, verify, ban, me, sponsor, page };
}
