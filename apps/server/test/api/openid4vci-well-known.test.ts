// Every well-known path is honest, with the web app served (the test
// platform builds one: WEB_APP_MARKER): a path the platform does not serve
// under /.well-known/ answers the API's JSON 404, never the page, so a wallet
// that looks up /.well-known/openid-configuration first (RFC 8414 section 5,
// Sphereon's client) moves on to the OAuth metadata; so does any path asked
// for with Accept: application/json. And what the two metadata documents say
// is what the platform does: the algorithms it signs with, and endpoints
// that answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { SERVER_MESSAGES } from '@gets/schema';
import { issueCredential } from '../../src/modules/credentials/service.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { claimedAwardFacts } from '../helpers/credentials.ts';
import { startTestPlatform, WEB_APP_MARKER, type TestPlatform } from '../helpers/test-platform.ts';
import { createTestWallet } from '../helpers/wallet.ts';

type Json = Record<string, unknown>;
const IMAGE = '/gs-api/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';
/** What Chromium sends when a person opens a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

describe('well-known paths and the OpenID4VCI metadata', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const get = (path: string, accept?: string) =>
    platform.request(path, accept ? { headers: { accept } } : {});
  async function expectJsonNotFound(response: Response, path: string) {
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      message: `${SERVER_MESSAGES.notFound}: GET ${path}`,
      data: null,
    });
  }
  const documents = async () => ({
    issuer: (await (await get('/.well-known/openid-credential-issuer')).json()) as Json,
    server: (await (await get('/.well-known/oauth-authorization-server')).json()) as Json,
  });

  describe('paths the platform does not serve', () => {
    it('serves the web app for a page a browser opens (the fallback is in play)', async () => {
      for (const accept of [BROWSER_ACCEPT, undefined]) {
        const page = await get('/dashboard', accept);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain(WEB_APP_MARKER);
      }
    });

    it('answers /.well-known/openid-configuration 404 in JSON, whatever the client accepts', async () => {
      for (const accept of ['application/json', BROWSER_ACCEPT, '*/*']) {
        await expectJsonNotFound(
          await get('/.well-known/openid-configuration', accept),
          '/.well-known/openid-configuration',
        );
      }
    });

    it('answers any other unknown /.well-known/ path 404 in JSON', async () => {
      for (const path of ['/.well-known/nothing-here', '/.well-known', '/.well-known/a/b.json']) {
        await expectJsonNotFound(await get(path, BROWSER_ACCEPT), path);
      }
    });

    it('answers an unknown page asked for as JSON 404 in JSON, and the same page opened in a browser with the app', async () => {
      const path = '/no/such/page';
      await expectJsonNotFound(await get(path, 'application/json'), path);
      await expectJsonNotFound(await get(path, 'application/json, text/plain, */*'), path);
      const page = await get(path, BROWSER_ACCEPT);
      expect(page.status).toBe(200);
      expect(page.headers.get('vary')).toMatch(/accept/i);
      expect(await page.text()).toContain(WEB_APP_MARKER);
    });
  });

  describe('the metadata documents', () => {
    it('lists as the VC-JWT signing algorithm the one the issued VC-JWT is signed with, and its key', async () => {
      const earner = await createTestUser(platform.ctx);
      const { facts } = await claimedAwardFacts(platform.ctx, earner, { imageUrl: IMAGE });
      const { credentialId } = await platform.ctx.db.transaction((tx) =>
        issueCredential(tx, facts),
      );
      const offer = await platform.request(`/gs-api/credentials/${credentialId}/offer`, {
        method: 'POST',
        headers: earner.authorization,
      });
      const { offerUri } = ((await offer.json()) as { data: { offerUri: string } }).data;
      const { credentials } = await (await createTestWallet()).redeem(offerUri);
      const header = decodeProtectedHeader(credentials[0]!);

      const { issuer } = await documents();
      const configurations = issuer.credential_configurations_supported as Record<string, Json>;
      expect(configurations.OpenBadgeCredential!.credential_signing_alg_values_supported).toEqual([
        header.alg,
      ]);
      const key = (await (await platform.request(header.kid!)).json()) as Json;
      expect(key.alg).toBe(header.alg);
    });

    it('lists endpoints that all answer, at their own method', async () => {
      const { issuer, server } = await documents();
      const endpoints = {
        credential_endpoint: issuer.credential_endpoint,
        nonce_endpoint: issuer.nonce_endpoint,
        token_endpoint: server.token_endpoint,
        jwks_uri: server.jwks_uri,
      };
      // Any URL either document lists is one of these (a new one needs its line here).
      const listed = Object.entries({ ...issuer, ...server })
        .filter(([name, value]) => typeof value === 'string' && /(_endpoint|_uri)$/.test(name))
        .map(([name]) => name)
        .sort();
      expect(listed).toEqual(Object.keys(endpoints).sort());

      const answers = {
        credential_endpoint: await fetch(String(endpoints.credential_endpoint), { method: 'POST' }),
        nonce_endpoint: await fetch(String(endpoints.nonce_endpoint), { method: 'POST' }),
        token_endpoint: await fetch(String(endpoints.token_endpoint), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Apre-authorized_code',
        }),
        jwks_uri: await fetch(String(endpoints.jwks_uri)),
      };
      // Each answers as its protocol says: no token (401), a c_nonce, a bad request, the keys.
      expect(
        Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status])),
      ).toEqual({
        credential_endpoint: 401,
        nonce_endpoint: 200,
        token_endpoint: 400,
        jwks_uri: 200,
      });
      expect(await answers.token_endpoint.json()).toMatchObject({ error: 'invalid_request' });
      expect(((await answers.jwks_uri.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(
        0,
      );

      // And the authorization server the issuer names publishes its metadata where RFC 8414 says.
      const [authorizationServer] = issuer.authorization_servers as string[];
      const metadata = await fetch(`${authorizationServer}/.well-known/oauth-authorization-server`);
      expect(((await metadata.json()) as Json).issuer).toBe(authorizationServer);
    });
  });
});
