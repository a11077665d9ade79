// Who may call each /gs-api route, and the routes as the OpenAPI document
// lists them: the authorization matrix checks every route against its policy,
// and the audit log test finds the admin writes among them. What another
// sponsor's request names, route by route: other-sponsor-requests.ts.
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
  'GET /gs-api/transactions/{hash}': 'public',
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
  'GET /gs-api/credentials/issuer/multikeys/{thumbprint}': 'public',
  'GET /gs-api/credentials/status/{listId}': 'public',
  'GET /gs-api/credentials/mine': 'user',
  'GET /gs-api/credentials/{credentialId}': 'public',
  'GET /gs-api/credentials/{credentialId}/jwt': 'public',
  'GET /gs-api/credentials/{credentialId}/data-integrity': 'public',
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
  'POST /gs-api/badge/whitelist/invitations/accepted': 'approvedSponsor',
  // The invitee's side of an invitation (decision 0063).
  'GET /gs-api/badge/invitations': 'earner',
  'POST /gs-api/badge/invitations/accept': 'earner',
  'POST /gs-api/badge/invitations/decline': 'earner',
  // The token of an invitation mail's link is the proof: the invitee has no account.
  'POST /gs-api/badge/whitelist/invitations/unsubscribe': 'public',
  'GET /gs-api/badge/applications/list': 'approvedSponsor',
  'POST /gs-api/user/metakeep/processRequestBadge': 'approvedSponsor',
  'POST /gs-api/metakeep/sponsor/approve': 'approvedSponsor',
  'POST /gs-api/badge/process': 'approvedSponsor',
  'GET /gs-api/user/sponsor/all-earners/{account}': 'approvedSponsor',
  'GET /gs-api/user/sponsor/total-awards/{account}': 'approvedSponsor',
  // Second factors, sessions and the way out of custody (issue 45): each
  // caller's own; the passkey sign-in and "This wasn't me" need no session.
  'POST /gs-api/metakeep/auth/passkey/options': 'public',
  'POST /gs-api/metakeep/auth/passkey/login': 'public',
  'GET /gs-api/developers/keys': 'approvedSponsor',
  'POST /gs-api/developers/keys': 'approvedSponsor',
  'DELETE /gs-api/developers/keys/{id}': 'approvedSponsor',
  'GET /gs-api/developers/webhooks': 'approvedSponsor',
  'POST /gs-api/developers/webhooks': 'approvedSponsor',
  'DELETE /gs-api/developers/webhooks/{id}': 'approvedSponsor',
  'POST /gs-api/developers/webhooks/{id}/enable': 'approvedSponsor',
  'GET /gs-api/developers/webhooks/{id}/deliveries': 'approvedSponsor',
  'POST /gs-api/developers/webhooks/{id}/deliveries/{deliveryId}/resend': 'approvedSponsor',
  'POST /gs-api/developers/webhooks/{id}/test': 'approvedSponsor',
  'GET /gs-api/events': 'approvedSponsor',
  'GET /gs-api/admin/sponsor/{id}/api-keys': 'admin',
  'DELETE /gs-api/admin/api-keys/{id}': 'admin',
  'GET /gs-api/security': 'actor',
  'POST /gs-api/security/step-up/options': 'actor',
  'POST /gs-api/security/passkeys/options': 'actor',
  'POST /gs-api/security/passkeys': 'actor',
  'DELETE /gs-api/security/passkeys/{id}': 'actor',
  'POST /gs-api/security/totp/setup': 'actor',
  'POST /gs-api/security/totp/confirm': 'actor',
  'DELETE /gs-api/security/totp': 'actor',
  'POST /gs-api/security/recovery-codes': 'actor',
  'GET /gs-api/security/sessions': 'actor',
  'DELETE /gs-api/security/sessions/{id}': 'actor',
  'POST /gs-api/security/sessions/sign-out-others': 'actor',
  'POST /gs-api/security/not-me': 'public',
  'POST /gs-api/security/wallet-export/code': 'user',
  'POST /gs-api/security/wallet-export': 'actor',
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
