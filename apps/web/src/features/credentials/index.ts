// What the rest of the app may use from the credentials feature.
export { CredentialActions, linkedInUrlOf } from './components/credential-actions';
export { CredentialInput, DROP_ZONE_LABEL } from './components/credential-input';
export { VerificationReport } from './components/verification-report';
export { useVerification, getVerification } from './api/get-verification';
export { useVerifyCredential, verifyCredential, type VerifyInput } from './api/verify-credential';
export { useMyCredentials, MY_CREDENTIALS_QUERY_KEY } from './api/get-my-credentials';
export { downloadCredentialJson, downloadCredentialPng } from './api/download-credential';
export { useBadgeCredentials, BADGE_CREDENTIALS_QUERY_KEY } from './api/get-badge-credentials';
export { useRevokeCredential } from './api/revoke-credential';
