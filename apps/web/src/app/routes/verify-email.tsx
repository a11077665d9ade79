// /verify-email/{email} (spec section 2): reads the email route parameter.
import { useParams } from 'react-router';
import { VerifyEmailForm } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AnonymousOnly } from './guards';

export function VerifyEmailRoute() {
  useDocumentTitle('Verify Your Email');
  const { email = '' } = useParams();
  return (
    <AnonymousOnly>
      <VerifyEmailForm key={email} email={email} />
    </AnonymousOnly>
  );
}
