// What the rest of the app may use from the admin feature.
export { AdminShell } from './components/admin-shell';
export { DashScreen } from './components/dash-screen';
export { CountCard } from './components/count-card';
export { ApprovalsScreen } from './components/approvals-screen';
export { ActiveSponsorsScreen } from './components/active-sponsors-screen';
export { SponsorPage } from './components/sponsor-page';
export { SettingsScreen } from './components/settings-screen';
export { AuditLogScreen } from './components/audit-log-screen';
export { useAdminMenu } from './hooks/use-admin-menu';
export {
  ADMIN_SECURITY_PATH,
  adminMenuPath,
  isAdminAreaPath,
  type AdminMenuKey,
  type AdminScreens,
} from './lib/menu';
