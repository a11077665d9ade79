// /admin/security: the admin's own Security page (passkeys, authenticator app,
// recovery codes, sessions), in the admin area. Where an admin who must enrol
// a factor is sent after signing in or when a write is refused for the lack of one.
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner, useAdminSession } from '@/features/accounts';
import { AdminShell } from '@/features/admin';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ADMIN_SCREENS } from './admin-screens';

const SecurityPanel = lazy(() =>
  import('@/features/security').then((module) => ({ default: module.SecurityPanel })),
);

export function AdminSecurityRoute() {
  useDocumentTitle('Security');
  const admin = useAdminSession();
  if (!admin) return <Navigate to="/dashboard" replace />;
  return (
    <AdminShell screens={ADMIN_SCREENS}>
      <div className="max-w-3xl">
        <Suspense fallback={<PageSpinner />}>
          <SecurityPanel actor="admin" />
        </Suspense>
      </div>
    </AdminShell>
  );
}
