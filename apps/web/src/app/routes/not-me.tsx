// /security/not-me#<token> (issue 45): no sign-in needed.
import { NotMeScreen } from '@/features/security';

export function NotMeRoute() {
  return <NotMeScreen />;
}
