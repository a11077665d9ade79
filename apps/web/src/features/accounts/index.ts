// What the rest of the app may use from the accounts feature.
export { useSession, useHasAdminToken, useAdminSession } from './hooks/use-session';
export {
  UserMenu,
  useLogout,
  useAdminLogout,
  isVerifiedSponsor,
  VerifiedTick,
} from './components/user-menu';
export { UserAvatar } from './components/user-avatar';
export { WalletAddress, shortenAddress } from './components/wallet-address';
export { AdminInvitationForm } from './components/admin-invitation-form';
export { useSyncStoredUser } from './hooks/use-sync-stored-user';
export { RegisterForm } from './components/register-form';
export { LoginForm } from './components/login-form';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { VerifyEmailForm } from './components/verify-email-form';
export { ProfileForm } from './components/profile-form';
export { AdminLoginForm } from './components/admin-login-form';
export { UserLanding } from './components/user-landing';
export { CreateBadgeClosed } from './components/create-badge-closed';
export { PageSpinner } from './components/page-spinner';
export { AuthCard, linkClass } from './components/auth-card';
export { useAdminLoginSecretCheck } from './api/check-admin-login-secret';
export { registerOnChain } from './api/register-on-chain';
export { getMe } from './api/get-me';
export { useImageUpload } from './hooks/use-image-upload';
export {
  parseSession,
  saveSession,
  clearSession,
  updateStoredUser,
  displayName,
  type SessionUser,
  type UserSession,
  type UserType,
} from './lib/session';
export { clearAdminSession, type AdminSession } from './lib/admin-session';
export {
  adminLoginPathTo,
  keepingNext,
  loginPath,
  pathAfterLogin,
  registerPath,
  safeNextPath,
  NEXT_PARAM,
} from './lib/next-path';
