// /verify: anyone checks a badge credential by dropping the badge image (or a
// credential file) or pasting the credential; the answer is shown check by check.
import { PRODUCT_NAME } from '@gets/schema';
import { CredentialInput, useVerifyCredential, VerificationReport } from '@/features/credentials';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TITLE = 'Verify a badge';

export function VerifyRoute() {
  useDocumentTitle(TITLE);
  const verification = useVerifyCredential();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{TITLE}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Every badge claimed on {PRODUCT_NAME} is an Open Badges 3.0 credential signed by{' '}
        {PRODUCT_NAME}. Give it here to see whether it is authentic, who issued it, whether it still
        stands, and that the badge is recorded on chain.
      </p>
      <div className="mt-8">
        <CredentialInput
          busy={verification.isPending}
          onVerify={(input) => verification.mutate(input)}
        />
      </div>
      {verification.isError && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-700">
          {verification.error.message}
        </p>
      )}
      {verification.data && !verification.isPending && (
        <VerificationReport report={verification.data} />
      )}
    </div>
  );
}
