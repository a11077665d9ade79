// /forgot-password (spec section 2).
import { ForgotPasswordForm } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AnonymousOnly } from './guards';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return (
    <AnonymousOnly>
      <ForgotPasswordForm />
    </AnonymousOnly>
  );
}
