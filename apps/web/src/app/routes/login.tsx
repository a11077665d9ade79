// /login (spec section 2).
import { LoginForm } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AnonymousOnly } from './guards';

export function LoginRoute() {
  useDocumentTitle('Login');
  return (
    <AnonymousOnly>
      <LoginForm />
    </AnonymousOnly>
  );
}
