// Who may call each /gs-api route, and the routes as the OpenAPI document
// lists them: the authorization matrix checks every route against its policy,
// and the audit log test finds the admin writes among them.
import { badgeBody } from './badges.ts';
import type { TestPlatform } from './test-platform.ts';

/** Who may call a route. */
export type Policy =
  | 'public' // anyone, signed in or not
  | 'local' // a client on this machine (as the matrix calls), or with METRICS_TOKEN: platform.test.ts
  | 'user' // a signed-in user (earner or sponsor)
  | 'admin' // a signed-in admin
  | 'actor' // a signed-in user or admin, each about their own things
  | 'sponsor' // a signed-in sponsor, approved or not
  | 'approvedSponsor' // a signed-in SPONSOR whose profile an admin approved
  | 'earner'; // a signed-in EARNER (apply, claim)

/** `METHOD /path` as the OpenAPI document lists it → who may call it. */
export const POLICIES: Record<string, Policy> = {
  'GET /gs-api/health': 'public',
  'GET /gs-api/metrics': 'local',
  'POST /gs-api/metakeep/transaction': 'actor',
  'GET /gs-api/metakeep/transaction/stream': 'actor',
  'POST /gs-api/token/transfer-token/metakeep': 'user',
  'GET /gs-api/stake/balance': 'user',
  'GET /gs-api/stake/balance/admin': 'admin',
  'POST /gs-api/stake/approve/metakeep': 'user',
  'POST /gs-api/stake/metakeep': 'user',
  'POST /gs-api/stake': 'user',
  'GET /gs-api/stake/mine': 'user',
  'POST /gs-api/stake/withdraw/metakeep': 'user',
  'GET /gs-api/stake': 'admin',
  'GET /gs-api/stake/treasury': 'admin',
  'POST /gs-api/stake/withdraw/metakeep/admin': 'admin',
  'POST /gs-api/stake/withdraw/admin': 'admin',
  'POST /gs-api/stake/deposit/metakeep/admin': 'admin',
  'GET /gs-api/platform': 'public',
  'POST /gs-api/admin-auth/send-verification-email': 'public',
  'POST /gs-api/admin-auth/reset-password/mail': 'public',
  'POST /gs-api/admin-auth/verify-otp': 'public',
  'POST /gs-api/admin-auth/reset-password': 'public',
  'POST /gs-api/metakeep': 'public',
  'POST /gs-api/metakeep/register-onchain': 'user',
  'POST /gs-api/metakeep/auth/login': 'public',
  'POST /gs-api/user/logout': 'user',
  'GET /gs-api/user/me': 'user',
  'POST /gs-api/user/updateProfile': 'user',
  'GET /gs-api/user/isApproved': 'user',
  'POST /gs-api/admin/adminLogin': 'public',
  'POST /gs-api/admin/logout': 'admin',
  'PUT /gs-api/admin/sponsors/status': 'admin',
  'PUT /gs-api/admin/change/verified-status': 'admin',
  'PUT /gs-api/admin/sponsors/ban-status': 'admin',
  'GET /gs-api/admin/sponsors/unapproved': 'admin',
  'GET /gs-api/admin/sponsors/verified': 'admin',
  'GET /gs-api/admin/sponsor/{id}': 'admin',
  'GET /gs-api/admin/settings': 'admin',
  'PUT /gs-api/admin/settings': 'admin',
  'PUT /gs-api/admin/metakeep/claim-period': 'admin',
  'PUT /gs-api/admin/metakeep/approval-period': 'admin',
  'PUT /gs-api/admin/metakeep/lock-period': 'admin',
  'GET /gs-api/admin/admins': 'admin',
  'GET /gs-api/admin/audit-log': 'admin',
  'POST /gs-api/admin/admins': 'admin',
  'DELETE /gs-api/admin/admins/{id}': 'admin',
  'POST /gs-api/admin/invitation': 'public',
  'POST /gs-api/admin/invitation/accept': 'public',
  'POST /gs-api/metakeep/sponsor': 'sponsor',
  'POST /gs-api/token/transfer-token': 'actor',
  'POST /gs-api/admin-auth/admin-login-secret': 'public',
  'POST /gs-api/badge/imageCreate': 'public',
  'GET /gs-api/ipfs/{cid}': 'public',
  'GET /gs-api/credentials/issuer': 'public',
  'GET /gs-api/credentials/issuer/jwks': 'public',
  'GET /gs-api/credentials/issuer/keys/{thumbprint}': 'public',
  'GET /gs-api/credentials/status/{listId}': 'public',
  'GET /gs-api/credentials/mine': 'user',
  'GET /gs-api/credentials/{credentialId}': 'public',
  'GET /gs-api/credentials/{credentialId}/jwt': 'public',
  // A user, and then only the earner of that award (403 for another user).
  'GET /gs-api/credentials/{credentialId}/png': 'user',
  'POST /gs-api/credentials/{credentialId}/offer': 'user',
  'GET /gs-api/admin/credentials': 'admin',
  'POST /gs-api/admin/credentials/{credentialId}/revoke': 'admin',
  'POST /gs-api/verify': 'public',
  'GET /gs-api/verify/{credentialId}': 'public',
  'GET /gs-api/badge/list/{filter}': 'public',
  'GET /gs-api/badge/details/{id}': 'public',
  'POST /gs-api/badge/add/draft': 'approvedSponsor',
  'PUT /gs-api/badge/edit/draft': 'approvedSponsor',
  'DELETE /gs-api/badge/delete/draft/{id}': 'approvedSponsor',
  'POST /gs-api/metakeep/badge/approve-badge': 'approvedSponsor',
  'POST /gs-api/metakeep/badge/approve-escrow': 'approvedSponsor',
  'POST /gs-api/metakeep/badge/create': 'approvedSponsor',
  'POST /gs-api/badge/add': 'approvedSponsor',
  'DELETE /gs-api/badge/metakeep/delete': 'approvedSponsor',
  'DELETE /gs-api/badge/delete/{id}': 'approvedSponsor',
  'GET /gs-api/badge/allBadge/list': 'approvedSponsor',
  'GET /gs-api/badge/published/list': 'approvedSponsor',
  'GET /gs-api/badge/drafted/list': 'approvedSponsor',
  'GET /gs-api/badge/published/admin': 'admin',
  'GET /gs-api/admin/badge': 'admin',
  'POST /gs-api/metakeep/badge/approve': 'admin',
  'PUT /gs-api/admin/badge/approve/{id}': 'admin',
  'PUT /gs-api/admin/badge/ban/{badgeId}': 'admin',
  'GET /gs-api/badge/earners/{id}': 'public',
  'POST /gs-api/user/metakeep/requestBadge': 'earner',
  'POST /gs-api/badge/create/badge-application': 'earner',
  'POST /gs-api/badge/claim': 'earner',
  // A user: the earner of that account, or the badge's sponsor (403 for anyone else).
  'GET /gs-api/badge/applicationlist/{badgeId}/{account}': 'user',
  'GET /gs-api/badge/applied/earner': 'user',
  'GET /gs-api/badge/appliedbadge/list': 'user',
  'GET /gs-api/badge/assigned/{account}': 'user',
  'POST /gs-api/user/metakeep/claimBadge': 'earner',
  'POST /gs-api/metakeep/claim/token': 'earner',
  'POST /gs-api/badge/claim/earner': 'earner',
  'POST /gs-api/metakeep/transfer/token': 'earner',
  'POST /gs-api/badge/whitelist': 'approvedSponsor',
  'POST /gs-api/badge/whitelist/csv/preview': 'approvedSponsor',
  'POST /gs-api/badge/whitelist/csv': 'approvedSponsor',
  'GET /gs-api/badge/whitelist/invitations': 'approvedSponsor',
  'POST /gs-api/badge/whitelist/invitations/resend': 'approvedSponsor',
  'DELETE /gs-api/badge/whitelist/invitations': 'approvedSponsor',
  // The token of an invitation mail's link is the proof: the invitee has no account.
  'POST /gs-api/badge/whitelist/invitations/unsubscribe': 'public',
  'GET /gs-api/badge/applications/list': 'approvedSponsor',
  'POST /gs-api/user/metakeep/processRequestBadge': 'approvedSponsor',
  'POST /gs-api/metakeep/sponsor/approve': 'approvedSponsor',
  'POST /gs-api/badge/process': 'approvedSponsor',
  'GET /gs-api/user/sponsor/all-earners/{account}': 'approvedSponsor',
  'GET /gs-api/user/sponsor/total-awards/{account}': 'approvedSponsor',
};

export interface ApiRoute {
  method: string;
  path: string;
}

export const keyOf = (route: ApiRoute) => `${route.method} ${route.path}`;

/** Every operation of the app's OpenAPI document (the route table as served). */
export async function apiRoutes(platform: TestPlatform): Promise<ApiRoute[]> {
  const document = (await (await platform.request('/gs-api/docs/json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/**
 * The things of one sponsor (the owner) and of an earner of the owner's badge
 * that another sponsor's request can name: ids, chain ids, wallets, emails.
 */
export interface OwnersThings {
  email: string;
  account: string;
  userId: string;
  draftId: string;
  /** A second draft, for the delete the owner's own call then makes. */
  spareDraftId: string;
  badgeId: string;
  badgeOnChainId: string;
  badgeTransactionHash: string;
  privateBadgeId: string;
  privateBadgeOnChainId: string;
  applicationId: string;
  applicationOnChainId: string;
  /** The applicant's wallet (an application to the owner's badge). */
  earnerAccount: string;
  /** The wallet of an earner the owner awarded, and the credential of that award. */
  awardeeAccount: string;
  credentialId: string;
  stakeId: string;
  transactionId: string;
}

/**
 * A request to a route that names the owner's things: the values of the
 * route's {path parameters}, its query and its body. The path itself is the
 * route's own (pathOf), so a cell always calls the route it stands for.
 */
export interface NamedRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** `METHOD /path/{param}` and a request → the path to call, parameters and query filled in. */
export function pathOf(key: string, named: NamedRequest): string {
  const template = key.slice(key.indexOf(' ') + 1);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = named.params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  return named.query ? `${path}?${new URLSearchParams(named.query).toString()}` : path;
}

/** A badge's content as another sponsor sends it (a fresh expiry date each time). */
const foreignBadge = () => badgeBody({ name: 'Named by another sponsor' });
/** A call about the awardee's credential: the earner's alone (the image, a wallet offer). */
const awardeesCredential = {
  refused: 403,
  holder: 'awardee',
  request: (o: OwnersThings) => ({ params: { credentialId: o.credentialId } }),
} as const;

/**
 * The "other sponsor" column: for each route a signed-in sponsor may call,
 * either 'own' (it takes no id of anyone else's: it answers or changes only
 * the caller's own things) or the request that names the owner's things with
 * the answer another sponsor gets (403, or 404 where the route answers
 * another's thing as missing). The thing's holder (the owner, or the
 * awardee for an earner's award) gets past authorization with the same
 * request. A route a sponsor may call without an entry here fails the matrix.
 */
export const OTHER_SPONSOR: Record<
  string,
  | 'own'
  | {
      refused: 403 | 404;
      holder?: 'awardee';
      request: (owner: OwnersThings, as: { email: string; account: string }) => NamedRequest;
    }
> = {
  'POST /gs-api/metakeep/transaction': {
    refused: 404,
    request: (o) => ({
      body: { transactionId: o.transactionId },
    }),
  },
  'GET /gs-api/metakeep/transaction/stream': 'own',
  'POST /gs-api/token/transfer-token': {
    refused: 403,
    request: (o, as) => ({
      body: { from: o.account, to: as.account, amount: '1' },
    }),
  },
  'POST /gs-api/token/transfer-token/metakeep': {
    refused: 403,
    request: (o, as) => ({
      body: { email: o.email, to: as.account, amount: '1' },
    }),
  },
  'GET /gs-api/stake/balance': 'own',
  'POST /gs-api/stake/approve/metakeep': {
    refused: 403,
    request: (o) => ({
      body: { email: o.email, amount: '1' },
    }),
  },
  'POST /gs-api/stake/metakeep': {
    refused: 403,
    request: (o) => ({ body: { email: o.email, amount: '1' } }),
  },
  'POST /gs-api/stake': {
    refused: 403,
    request: (o) => ({
      body: { userId: o.userId, amount: '1', onChainId: o.stakeId },
    }),
  },
  'GET /gs-api/stake/mine': 'own',
  'POST /gs-api/stake/withdraw/metakeep': {
    refused: 403,
    request: (o) => ({ body: { stakeId: o.stakeId } }),
  },
  'POST /gs-api/metakeep/register-onchain': 'own',
  'POST /gs-api/user/logout': 'own',
  'GET /gs-api/user/me': 'own',
  'POST /gs-api/user/updateProfile': 'own',
  'GET /gs-api/user/isApproved': 'own',
  'POST /gs-api/metakeep/sponsor': {
    refused: 403,
    request: (o) => ({ body: { email: o.email } }),
  },
  'GET /gs-api/credentials/mine': 'own',
  'GET /gs-api/credentials/{credentialId}/png': awardeesCredential,
  'POST /gs-api/credentials/{credentialId}/offer': awardeesCredential,
  'POST /gs-api/badge/add/draft': 'own',
  'PUT /gs-api/badge/edit/draft': {
    refused: 403,
    request: (o, as) => ({
      body: { ...foreignBadge(), _id: o.draftId, email: as.email },
    }),
  },
  'DELETE /gs-api/badge/delete/draft/{id}': {
    refused: 403,
    request: (o) => ({ params: { id: o.spareDraftId } }),
  },
  'POST /gs-api/metakeep/badge/approve-badge': {
    refused: 403,
    request: (o) => ({
      body: { email: o.email, amountOfToken: '1', numberOfBadge: 1 },
    }),
  },
  'POST /gs-api/metakeep/badge/approve-escrow': {
    refused: 403,
    request: (o) => ({
      body: { email: o.email, amountOfToken: '1', numberOfBadge: 1 },
    }),
  },
  'POST /gs-api/metakeep/badge/create': {
    refused: 403,
    request: (o, as) => ({
      body: {
        ...foreignBadge(),
        isPublic: true,
        email: as.email,
        draftId: o.draftId,
      },
    }),
  },
  'POST /gs-api/badge/add': {
    refused: 403,
    request: (o) => ({
      body: {
        ...foreignBadge(),
        onChainId: o.badgeOnChainId,
        transactionHash: o.badgeTransactionHash,
      },
    }),
  },
  'DELETE /gs-api/badge/metakeep/delete': {
    refused: 403,
    request: (o, as) => ({
      body: { onChainId: o.badgeOnChainId, email: as.email },
    }),
  },
  'DELETE /gs-api/badge/delete/{id}': {
    refused: 403,
    request: (o) => ({ params: { id: o.badgeId } }),
  },
  'GET /gs-api/badge/allBadge/list': 'own',
  'GET /gs-api/badge/published/list': 'own',
  'GET /gs-api/badge/drafted/list': 'own',
  'GET /gs-api/badge/applicationlist/{badgeId}/{account}': {
    refused: 403,
    request: (o) => ({ params: { badgeId: o.badgeId, account: o.earnerAccount } }),
  },
  'GET /gs-api/badge/applied/earner': 'own',
  'GET /gs-api/badge/appliedbadge/list': 'own',
  'GET /gs-api/badge/assigned/{account}': {
    refused: 403,
    holder: 'awardee',
    request: (o) => ({ params: { account: o.awardeeAccount } }),
  },
  'POST /gs-api/badge/whitelist': {
    refused: 403,
    request: (o, as) => ({
      body: { earnerAccount: as.account, badgeOnChainId: o.privateBadgeOnChainId, email: as.email },
    }),
  },
  'POST /gs-api/badge/whitelist/csv/preview': {
    refused: 403,
    request: (o, as) => ({
      body: { badgeOnChainId: o.privateBadgeOnChainId, csv: as.account },
    }),
  },
  'POST /gs-api/badge/whitelist/csv': {
    refused: 403,
    request: (o, as) => ({
      body: { badgeOnChainId: o.privateBadgeOnChainId, csv: as.account },
    }),
  },
  'GET /gs-api/badge/whitelist/invitations': {
    refused: 403,
    request: (o) => ({ query: { badgeId: o.privateBadgeId } }),
  },
  'POST /gs-api/badge/whitelist/invitations/resend': {
    refused: 403,
    request: (o) => ({ body: { badgeId: o.privateBadgeId, email: 'invitee@example.net' } }),
  },
  'DELETE /gs-api/badge/whitelist/invitations': {
    refused: 403,
    request: (o) => ({ body: { badgeId: o.privateBadgeId, email: 'invitee@example.net' } }),
  },
  'GET /gs-api/badge/applications/list': {
    refused: 403,
    request: (o) => ({ query: { badgeId: o.badgeId } }),
  },
  'POST /gs-api/user/metakeep/processRequestBadge': {
    refused: 403,
    request: (o, as) => ({
      body: { onChainId: [o.applicationOnChainId], approval: [false], email: as.email },
    }),
  },
  'POST /gs-api/metakeep/sponsor/approve': {
    refused: 403,
    request: (o) => ({
      body: { requestId: [o.applicationOnChainId], approval: [false] },
    }),
  },
  'POST /gs-api/badge/process': {
    refused: 403,
    request: (o) => ({
      body: { badgeApplicationId: o.applicationId, status: 'REJECTED' },
    }),
  },
  'GET /gs-api/user/sponsor/all-earners/{account}': {
    refused: 403,
    request: (o) => ({ params: { account: o.account } }),
  },
  'GET /gs-api/user/sponsor/total-awards/{account}': {
    refused: 403,
    request: (o) => ({ params: { account: o.account } }),
  },
};
