// What the rest of the app may use from the accounts feature.
export { useSession, useHasAdminToken } from './hooks/use-session';
export { UserMenu, useLogout, isVerifiedSponsor, VerifiedTick } from './components/user-menu';
export { UserAvatar } from './components/user-avatar';
export {
  parseSession,
  saveSession,
  clearSession,
  displayName,
  type SessionUser,
  type UserSession,
  type UserType,
} from './lib/session';
