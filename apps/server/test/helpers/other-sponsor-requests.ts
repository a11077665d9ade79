// The "other sponsor" column of the authorization matrix: for each route a
// signed-in sponsor may call, the request that names another sponsor's things
// and the answer it gets (authorization-other-sponsor.test.ts). Who may call
// each route at all: route-policies.ts.
import { badgeBody } from './badges.ts';

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
  /** An API key of the owner's, a webhook endpoint and a delivery to it (issue 46). */
  apiKeyId: string;
  webhookEndpointId: string;
  webhookDeliveryId: string;
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
  'POST /gs-api/badge/whitelist/invitations/accepted': {
    refused: 403,
    request: (o) => ({ body: { badgeId: o.privateBadgeId, emails: ['invitee@example.net'] } }),
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
  // The caller's own factors, sessions and wallet (issue 45). A passkey's or
  // a session's id of another person answers 404, as an unknown one does:
  // security-factors.test.ts and security-sessions.test.ts.
  'GET /gs-api/security': 'own',
  'POST /gs-api/security/step-up/options': 'own',
  'POST /gs-api/security/passkeys/options': 'own',
  'POST /gs-api/security/passkeys': 'own',
  'DELETE /gs-api/security/passkeys/{id}': 'own',
  'POST /gs-api/security/totp/setup': 'own',
  'POST /gs-api/security/totp/confirm': 'own',
  'DELETE /gs-api/security/totp': 'own',
  'POST /gs-api/security/recovery-codes': 'own',
  'GET /gs-api/security/sessions': 'own',
  'DELETE /gs-api/security/sessions/{id}': 'own',
  'POST /gs-api/security/sessions/sign-out-others': 'own',
  'POST /gs-api/security/wallet-export/code': 'own',
  'POST /gs-api/security/wallet-export': 'own',
  // Issue 46: the Developers page and the events feed. The endpoint's removal
  // comes last: the holder's own requests before it use the endpoint.
  'GET /gs-api/developers/keys': 'own',
  'POST /gs-api/developers/keys': 'own',
  'DELETE /gs-api/developers/keys/{id}': {
    refused: 404,
    request: (o) => ({ params: { id: o.apiKeyId } }),
  },
  'GET /gs-api/developers/webhooks': 'own',
  'POST /gs-api/developers/webhooks': 'own',
  'GET /gs-api/events': 'own',
  'POST /gs-api/developers/webhooks/{id}/enable': {
    refused: 404,
    request: (o) => ({ params: { id: o.webhookEndpointId } }),
  },
  'GET /gs-api/developers/webhooks/{id}/deliveries': {
    refused: 404,
    request: (o) => ({ params: { id: o.webhookEndpointId } }),
  },
  'POST /gs-api/developers/webhooks/{id}/deliveries/{deliveryId}/resend': {
    refused: 404,
    request: (o) => ({ params: { id: o.webhookEndpointId, deliveryId: o.webhookDeliveryId } }),
  },
  'POST /gs-api/developers/webhooks/{id}/test': {
    refused: 404,
    request: (o) => ({ params: { id: o.webhookEndpointId } }),
  },
  'DELETE /gs-api/developers/webhooks/{id}': {
    refused: 404,
    request: (o) => ({ params: { id: o.webhookEndpointId } }),
  },
};
