// /badge/{id} (spec section 2): the admin view with an admin token, else the
// public view with the viewer's Apply and Claim Tokens. The earners table
// fills from the badge's awards. An error answer shows its message instead.
import { useParams } from 'react-router';
import { useHasAdminToken, PageSpinner } from '@/features/accounts';
import { BadgeApplicationActions, useBadgeEarners } from '@/features/applications';
import { BadgePage, useBadge } from '@/features/badges';
import { withBang } from '@/lib/api-feedback';
import { QueryError } from '@/components/ui/query-error';

export function BadgeDetailRoute() {
  const { id } = useParams();
  const isAdmin = useHasAdminToken();
  const badge = useBadge(id, isAdmin ? 'admin' : 'user');
  const earners = useBadgeEarners(badge.data?._id, isAdmin ? 'admin' : 'user');
  if (badge.isPending) return <PageSpinner />;
  if (badge.isError) {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center">
        <p role="alert" className="text-xl font-semibold text-slate-900">
          {withBang(badge.error.message)}
        </p>
      </section>
    );
  }
  return (
    <BadgePage
      badge={badge.data}
      view={isAdmin ? 'admin' : 'public'}
      earners={earners.data ?? []}
      earnersError={
        earners.isError && (
          <QueryError
            error={earners.error}
            onRetry={earners.refetch}
            isRetrying={earners.isRefetching}
            className="py-6"
          />
        )
      }
      actions={<BadgeApplicationActions badge={badge.data} place="page" />}
    />
  );
}
