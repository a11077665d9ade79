// /verify/{credentialId}: the public verification page of one credential (the
// link an earner shares, e.g. on LinkedIn), checked afresh on every visit.
import { Link, useParams } from 'react-router';
import { SCREENS } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { PageSpinner } from '@/features/accounts';
import { useVerification, VerificationReport } from '@/features/credentials';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TITLE = 'Badge verification';

export function VerifyCredentialRoute() {
  useDocumentTitle(TITLE);
  const { credentialId = '' } = useParams();
  const verification = useVerification(credentialId);
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{TITLE}</h1>
      {verification.isPending && <PageSpinner label="Checking the credential" />}
      {verification.isError && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
          {verification.error.message || SCREENS.notFound}
        </p>
      )}
      {verification.data && <VerificationReport report={verification.data} />}
      <Link to="/verify" className={`${buttonStyles.outline} mt-8`}>
        Verify another badge
      </Link>
    </div>
  );
}
