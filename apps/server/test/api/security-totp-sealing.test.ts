// An authenticator app's secret is stored sealed under the key-encryption key
// and bound to its owner: a copy of the database gives no codes, a sealed
// secret moved to another person's row opens for nobody, and a secret stored
// in the clear before sealing existed is sealed at the start and keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecret } from 'otplib';
import { SECURITY_MESSAGES } from '@gets/schema';
import { SEALED_SECRET_PREFIX } from '../../src/custody/sealed-secret.ts';
import { sealPlaintextTotpSecrets } from '../../src/modules/security/totp-secrets.ts';
import { bearer, call, registerUser } from '../helpers/account-flows.ts';
import { setUpAuthenticatorApp, totpCodeOf } from '../helpers/authenticator-app.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '10000' });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

const codeOf = totpCodeOf;
const setUpApp = async (token: string) =>
  (await setUpAuthenticatorApp(platform, bearer(token))).secret;

const storedRow = async (userId: string) =>
  (
    await platform.ctx.db.query<{ secret: string | null; pending_secret: string | null }>(
      `SELECT secret, pending_secret FROM totp_factors WHERE subject_kind = 'user' AND subject_id = $1`,
      [userId],
    )
  )[0]!;

const login = (person: { email: string; password: string }, totpCode: string) =>
  call(platform, 'POST', '/metakeep/auth/login', {
    email: person.email,
    password: person.password,
    totpCode,
  });

describe("an authenticator app's secret at rest", () => {
  it('is stored sealed, and its codes still sign in; moved to another person, it opens for nobody', async () => {
    const ada = await registerUser(platform);
    const secret = await setUpApp(ada.token);
    const row = await storedRow(ada.user._id);
    expect(row.secret!.startsWith(SEALED_SECRET_PREFIX)).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(row.pending_secret).toBeNull();
    expect((await login(ada, await codeOf(secret, 1))).status).toBe(200);

    // Someone who can write the database copies Ada's sealed secret into their own row.
    const mallory = await registerUser(platform);
    await setUpApp(mallory.token);
    await platform.ctx.db.query(
      `UPDATE totp_factors SET secret = $1 WHERE subject_kind = 'user' AND subject_id = $2`,
      [row.secret, mallory.user._id],
    );
    expect(await login(mallory, await codeOf(secret, -1))).toMatchObject({
      status: 401,
      message: SECURITY_MESSAGES.wrongCode,
    });
  }, 60_000);

  it('stored in the clear before sealing existed, is sealed at the start and keeps its codes', async () => {
    const grace = await registerUser(platform);
    const secret = generateSecret();
    await platform.ctx.db.query(
      `INSERT INTO totp_factors (subject_kind, subject_id, secret, enabled_at, last_step)
       VALUES ('user', $1, $2, now(), 0)`,
      [grace.user._id, secret],
    );
    expect(await sealPlaintextTotpSecrets(platform.ctx.db, platform.ctx.keystore)).toBe(1);
    const row = await storedRow(grace.user._id);
    expect(row.secret!.startsWith(SEALED_SECRET_PREFIX)).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect((await login(grace, await codeOf(secret))).status).toBe(200);
    // Sealed once: the next start finds nothing in the clear.
    expect(await sealPlaintextTotpSecrets(platform.ctx.db, platform.ctx.keystore)).toBe(0);
  }, 60_000);
});
