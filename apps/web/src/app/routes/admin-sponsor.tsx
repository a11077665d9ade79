// /admin/sponsor/{id} (spec section 2): one sponsor, in the admin area, with
// their API keys (issue 46) and launched badges. Only an admin sees it; anyone
// else goes to /dashboard.
import { Navigate, useParams } from 'react-router';
import { useAdminSession } from '@/features/accounts';
import { AdminShell, SponsorPage } from '@/features/admin';
import { LaunchedBadges } from '@/features/badges';
import { SponsorApiKeys } from '@/features/developers';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ADMIN_SCREENS } from './admin-screens';

export function AdminSponsorRoute() {
  useDocumentTitle('Sponsor');
  const admin = useAdminSession();
  const { id = '' } = useParams();
  if (!admin) return <Navigate to="/dashboard" replace />;
  return (
    <AdminShell screens={ADMIN_SCREENS} hideSendGets>
      <SponsorPage
        id={id}
        apiKeys={(sponsor) => <SponsorApiKeys sponsorId={sponsor._id} />}
        badges={(sponsor) => <LaunchedBadges account={sponsor.account} />}
      />
    </AdminShell>
  );
}
