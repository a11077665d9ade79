// /badge/application/{id} (spec section 2): the Applications page of a badge,
// for its approved sponsor; anyone else goes to /dashboard. An error answer
// (not found, someone else's badge) shows its message.
import { Navigate, useParams } from 'react-router';
import { APPLICATION_MESSAGES } from '@gets/schema';
import { PageSpinner, useSession } from '@/features/accounts';
import { BadgeApplications } from '@/features/applications';
import { useBadge } from '@/features/badges';
import { withBang } from '@/lib/api-feedback';

export function BadgeApplicationsRoute() {
  const { id } = useParams();
  const session = useSession();
  const approvedSponsor =
    session?.user.userType === 'SPONSOR' && session.user.status === 'APPROVED';
  const badge = useBadge(approvedSponsor ? id : undefined, 'user');
  if (!session || !approvedSponsor) return <Navigate to="/dashboard" replace />;
  if (badge.isPending) return <PageSpinner />;
  if (badge.isError || badge.data.sponsor._id !== session.user._id) {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <p role="alert" className="text-xl font-semibold text-slate-900">
          {withBang(badge.isError ? badge.error.message : APPLICATION_MESSAGES.notYourBadge)}
        </p>
      </section>
    );
  }
  return <BadgeApplications badge={badge.data} email={session.user.email} />;
}
