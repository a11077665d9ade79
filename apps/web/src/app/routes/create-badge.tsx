// /badge (spec section 2): "Create New Badge" with the fee tooltip; ?id= loads
// a draft for editing. Only APPROVED sponsors: a sponsor awaiting approval
// (or rejected) reads why it is closed, and the form opens on this page once
// an admin approves them; anyone else goes to /dashboard.
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { TOASTS } from '@gets/schema';
import { toast } from '@/lib/toast';
import { CreateBadgeClosed, PageSpinner, useSession } from '@/features/accounts';
import { BadgeForm, FeeTooltip, useBadge } from '@/features/badges';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function CreateBadgeRoute() {
  useDocumentTitle('Create New Badge');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draftId = params.get('id') ?? undefined;
  const allowed = session?.user.userType === 'SPONSOR' && session.user.status === 'APPROVED';
  const draft = useBadge(allowed ? draftId : undefined, 'user');
  const draftMissing = Boolean(draftId) && (draft.isError || (draft.data && !draft.data.isDraft));

  useEffect(() => {
    if (!draftMissing) return;
    toast.error(TOASTS.error.fetchingBadgeFailed);
    void navigate('/dashboard', { replace: true });
  }, [draftMissing, navigate]);

  if (session?.user.userType === 'SPONSOR' && !allowed) {
    return <CreateBadgeClosed rejected={session.user.status === 'REJECTED'} />;
  }
  if (!session || !allowed) return <Navigate to="/dashboard" replace />;
  if (draftId && !draft.data?.isDraft) return <PageSpinner />;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-8 flex items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create New Badge</h1>
        <FeeTooltip />
      </div>
      <BadgeForm key={draft.data?._id ?? 'new'} session={session} draft={draft.data} />
    </section>
  );
}
