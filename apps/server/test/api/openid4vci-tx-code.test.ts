// Transaction codes (OpenID4VCI 1.0 tx_code) against the running test
// platform over HTTP: an offer the earner asked to protect names a 6-digit
// code the token request must carry; the code is kept only as a hash, and the
// wallets get a few tries at it in all, even sent at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preAuthorizedCodeGrantIdentifier } from '@openid4vc/oauth2';
import {
  CREDENTIAL_OFFER_MESSAGES,
  CREDENTIAL_OFFER_TX_CODE_TRIES,
  type CredentialOffer,
} from '@gets/schema';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser, type TestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts } from '../helpers/credentials.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestWallet } from '../helpers/wallet.ts';

type Json = Record<string, unknown>;
const IMAGE = '/gs-api/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

describe('Add to wallet: transaction codes (OpenID4VCI 1.0)', () => {
  let platform: TestPlatform;
  let earner: TestUser;
  let credentialId: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ RATE_LIMIT_IP_MAX: '1000' });
    earner = await createTestUser(platform.ctx);
    const { facts } = await claimedAwardFacts(platform.ctx, earner, { imageUrl: IMAGE });
    ({ credentialId } = await platform.ctx.db.transaction((tx) => issueCredential(tx, facts)));
  });
  afterAll(async () => {
    await platform?.stop();
  });

  async function offerOf(body?: Json): Promise<CredentialOffer> {
    const response = await platform.request(`/gs-api/credentials/${credentialId}/offer`, {
      method: 'POST',
      headers: {
        ...earner.authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: CredentialOffer }).data;
  }
  const grantOf = (offerUri: string) => {
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer')!) as {
      grants: Record<string, { 'pre-authorized_code': string; tx_code?: Json }>;
    };
    return offer.grants[preAuthorizedCodeGrantIdentifier]!;
  };
  const tokenRequest = (code: string, txCode?: string) =>
    platform.request('/gs-api/oid4vci/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: preAuthorizedCodeGrantIdentifier,
        'pre-authorized_code': code,
        ...(txCode === undefined ? {} : { tx_code: txCode }),
      }),
    });
  async function expectRefused(response: Response, error: string) {
    const body = (await response.json()) as { error: string; error_description?: string };
    expect({ status: response.status, error: body.error }).toEqual({ status: 400, error });
    return body.error_description ?? '';
  }

  it('gives the earner a 6-digit code the offer names, kept only as a hash', async () => {
    const offer = await offerOf({ txCode: true });
    expect(offer.txCode).toMatch(/^\d{6}$/);
    expect(grantOf(offer.offerUri).tx_code).toEqual({
      input_mode: 'numeric',
      length: 6,
      description: CREDENTIAL_OFFER_MESSAGES.txCodeDescription,
    });
    const rows = await platform.ctx.db.query<Json>(
      'SELECT * FROM credential_offers WHERE credential_id = $1 AND tx_code_hash IS NOT NULL',
      [credentialId],
    );
    expect(rows).toHaveLength(1);
    expect(Object.values(rows[0]!).map(String)).not.toContain(offer.txCode);
    expect(rows[0]!.tx_code_hash).toMatch(/^[\w-]{43}$/);

    // An offer asked for without a code has none, as before.
    const plain = await offerOf();
    expect(plain.txCode).toBeNull();
    expect(grantOf(plain.offerUri)).not.toHaveProperty('tx_code');
  });

  it('asks for the code, refuses a wrong one saying how many tries are left, and takes the right one', async () => {
    const offer = await offerOf({ txCode: true });
    const code = grantOf(offer.offerUri)['pre-authorized_code'];
    const wrong = offer.txCode === '000000' ? '000001' : '000000';
    expect(await expectRefused(await tokenRequest(code), 'invalid_request')).toContain("'tx_code'");
    expect(await expectRefused(await tokenRequest(code, wrong), 'invalid_grant')).toBe(
      `Wrong 'tx_code': ${CREDENTIAL_OFFER_TX_CODE_TRIES - 1} tries left`,
    );
    expect((await tokenRequest(code, offer.txCode!)).status).toBe(200);
  });

  it(`takes ${CREDENTIAL_OFFER_TX_CODE_TRIES} tries in all, even sent at once: the right code after them is refused`, async () => {
    const offer = await offerOf({ txCode: true });
    const code = grantOf(offer.offerUri)['pre-authorized_code'];
    const wrongCodes = Array.from({ length: CREDENTIAL_OFFER_TX_CODE_TRIES + 3 }, (_, i) =>
      String((Number(offer.txCode) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(wrongCodes.map((txCode) => tokenRequest(code, txCode)));
    const said = await Promise.all(answers.map((answer) => expectRefused(answer, 'invalid_grant')));
    expect(said.filter((text) => text.startsWith("Wrong 'tx_code'"))).toHaveLength(
      CREDENTIAL_OFFER_TX_CODE_TRIES,
    );
    expect(await expectRefused(await tokenRequest(code, offer.txCode!), 'invalid_grant')).toMatch(
      /^Too many wrong transaction codes/,
    );
  });

  it('refuses a code sent for an offer that has none', async () => {
    const code = grantOf((await offerOf()).offerUri)['pre-authorized_code'];
    await expectRefused(await tokenRequest(code, '123456'), 'invalid_request');
  });

  it('lets a wallet given the code take the offer end to end', async () => {
    const offer = await offerOf({ txCode: true });
    const wallet = await createTestWallet();
    const redeemed = await wallet.redeem(offer.offerUri, { txCode: offer.txCode! });
    expect(redeemed.credentials).toHaveLength(1);
  });
});
