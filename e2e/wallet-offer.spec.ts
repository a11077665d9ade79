// "Add to wallet" taken by a standard wallet: Sphereon's OpenID4VCI client
// (@sphereon/oid4vci-client), an outside implementation, takes an earner's
// offer end to end against the platform as `npm start` serves it, the built
// web app included. It discovers the metadata (looking up
// /.well-known/openid-configuration first, which must be a JSON 404 and not
// the web app's page), exchanges the pre-authorized code and the transaction
// code for a token, gets a c_nonce, proves possession of an ES256 key and
// receives the earner's badge credential. No browser: the earner's steps
// are the API calls the screens make, and the wallet is a program.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { OpenID4VCIClient } from '@sphereon/oid4vci-client';
import type { CredentialOffer, EarnerCredential } from '@gets/schema';
import { newPerson, registerThroughApi } from './support/accounts';
import { approveBadgeAsAdmin, fundedSponsor, gradientPng } from './support/badges';

type Json = Record<string, unknown>;
type Outcome = {
  status: string;
  failureReason: string | null;
  events: { eventName: string; args: Record<string, string> }[];
  transactionHash: string | null;
};

/** The envelope's data of a call that must succeed. */
async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A chain action as the screens run it: consent, confirm, then its outcome once it left QUEUED. */
async function chainAction(
  request: APIRequestContext,
  token: string,
  path: string,
  body: Json,
): Promise<Outcome> {
  const headers = { authorization: `Bearer ${token}` };
  const { consentToken } = await dataOf<{ consentToken: string }>(
    await request.post(path, { headers, data: body }),
  );
  const { transactionId } = await dataOf<{ transactionId: string }>(
    await request.post(path, { headers, data: { ...body, consentToken } }),
  );
  let outcome: Outcome | undefined;
  await expect
    .poll(
      async () => {
        outcome = await dataOf<Outcome>(
          await request.post('/gs-api/metakeep/transaction', {
            headers,
            data: { transactionId },
          }),
        );
        return outcome.status;
      },
      { timeout: 60_000 },
    )
    .not.toBe('QUEUED');
  expect(outcome!.status, outcome!.failureReason ?? '').toBe('COMPLETED');
  return outcome!;
}
const eventArg = (outcome: Outcome, eventName: string, arg: string) =>
  outcome.events.find((event) => event.eventName === eventName)!.args[arg]!;

test('a standard wallet (Sphereon’s OpenID4VCI client) takes an earner’s offer end to end, transaction code included', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const title = `Wallet Pioneer ${run}`;
  const sponsor = newPerson('walletlab');
  const earner = newPerson('ada');

  // A sponsor publishes a badge, the admin approves it, the earner applies,
  // the sponsor approves and the earner claims: the calls the screens make.
  await fundedSponsor(request, sponsor, '50');
  const { token: sponsorToken } = await dataOf<{ token: string }>(
    await request.post('/gs-api/metakeep/auth/login', {
      data: { email: sponsor.email, password: sponsor.password },
    }),
  );
  const registered = (await registerThroughApi(request, earner)).data;
  const image = gradientPng();
  const { url: imageUrl } = await dataOf<{ url: string }>(
    await request.post('/gs-api/badge/imageCreate', {
      headers: { authorization: `Bearer ${sponsorToken}` },
      multipart: { files: image },
    }),
  );
  const content = {
    name: title,
    amountOfToken: '5',
    numberOfBadge: 1,
    awardCriteria: 'Add a badge to a wallet of your own choosing, start to end',
    educationsDetails: 'The wallet showing the badge',
    description: 'For earners who keep their badges in their own wallet.',
    image: imageUrl,
    batchExpiryDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    badgeAccess: 'public',
    extraLink: 'https://video.example.org/wallets',
  };
  const created = await chainAction(request, sponsorToken, '/gs-api/metakeep/badge/create', {
    ...content,
    isPublic: true,
    email: sponsor.email,
  });
  const badgeOnChainId = eventArg(created, 'BadgeCreated', 'badgeId');
  await dataOf(
    await request.post('/gs-api/badge/add', {
      headers: { authorization: `Bearer ${sponsorToken}` },
      data: { ...content, onChainId: badgeOnChainId, transactionHash: created.transactionHash },
    }),
  );
  const badgeId = await approveBadgeAsAdmin(request, title);
  const applied = await chainAction(
    request,
    registered.token,
    '/gs-api/user/metakeep/requestBadge',
    {
      onChainId: badgeOnChainId,
      email: earner.email,
      fullName: 'Ada Lovelace',
      program: 'Analytical Engines 101',
      awardCriteria: true,
      awardingCriteriaEvidence: false,
    },
  );
  const requestId = eventArg(applied, 'BadgeRequested', 'requestId');
  await dataOf(
    await request.post('/gs-api/badge/create/badge-application', {
      headers: { authorization: `Bearer ${registered.token}` },
      data: { badgeId, earnerAddress: registered.user.account, onChainId: requestId },
    }),
  );
  await chainAction(request, sponsorToken, '/gs-api/user/metakeep/processRequestBadge', {
    onChainId: [requestId],
    approval: [true],
    email: sponsor.email,
  });
  await chainAction(request, registered.token, '/gs-api/user/metakeep/claimBadge', {
    onChainId: requestId,
    email: earner.email,
  });

  // The earner's credential of that badge, and the offer "Add to wallet" asks for.
  const earnerHeaders = { authorization: `Bearer ${registered.token}` };
  let credential: EarnerCredential | undefined;
  await expect
    .poll(async () => {
      const mine = await dataOf<EarnerCredential[]>(
        await request.get('/gs-api/credentials/mine', { headers: earnerHeaders }),
      );
      credential = mine.find((each) => each.badgeName === title);
      return credential?.status;
    })
    .toBe('active');
  const offer = await dataOf<CredentialOffer>(
    await request.post(`/gs-api/credentials/${credential!.id}/offer`, {
      headers: earnerHeaders,
      data: { txCode: true },
    }),
  );
  expect(offer.txCode).toMatch(/^\d{6}$/);

  // Where the wallet looks first: a JSON 404, while a page load still gets the web app.
  const openidConfiguration = await request.get('/.well-known/openid-configuration', {
    headers: { accept: 'application/json' },
  });
  expect(openidConfiguration.status()).toBe(404);
  expect(await openidConfiguration.json()).toMatchObject({ data: null });
  const page = await request.get('/dashboard', { headers: { accept: 'text/html' } });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');

  // The wallet takes the offer: metadata, token (with the code), nonce, proof, credential.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const wallet = await OpenID4VCIClient.fromURI({
    uri: offer.offerUri,
    retrieveServerMetadata: true,
  });
  expect(wallet.getAccessTokenEndpoint()).toMatch(/\/gs-api\/oid4vci\/token$/);
  const token = await wallet.acquireAccessToken({ pin: offer.txCode! });
  expect(token.token_type).toBe('Bearer');
  const proofsSigned: Json[] = [];
  const answer = await wallet.acquireCredentials({
    credentialTypes: 'OpenBadgeCredential',
    format: 'jwt_vc_json',
    alg: 'ES256',
    jwk: (await exportJWK(publicKey)) as never,
    proofCallbacks: {
      signCallback: async ({ header, payload }) => {
        proofsSigned.push({ ...payload });
        return new SignJWT({ ...payload } as Json)
          .setProtectedHeader({ ...header } as { alg: string })
          .sign(privateKey);
      },
    },
  });
  // Its proof carried a nonce from the nonce endpoint.
  expect(proofsSigned[0]).toMatchObject({ nonce: expect.stringMatching(/^[\w-]{43}$/) });

  // It is the earner's badge credential, signed by the platform's published key.
  const [received] = (answer.credentials ?? []) as { credential: string }[];
  const jwks = (await (await request.get('/gs-api/credentials/issuer/jwks')).json()) as never;
  const { payload, protectedHeader } = await jwtVerify(
    received!.credential,
    createLocalJWKSet(jwks),
  );
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  const subject = payload.credentialSubject as { id: string; achievement: { name: string } };
  expect(subject.achievement.name).toBe(title);
  expect(subject.id).toMatch(new RegExp(`^did:pkh:eip155:\\d+:${registered.user.account}$`, 'i'));
  expect(payload.jti).toMatch(new RegExp(`/gs-api/credentials/${credential!.id}$`));
});
