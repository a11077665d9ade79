// The route table's catch-all: "Page Not Found!" and a way home.
import { Link } from 'react-router';
import { SCREENS } from '@gets/schema';
import { CompassIcon } from '@/components/icons/icons';
import { StatusScreen } from '@/components/ui/status-screen';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(SCREENS.notFound);
  return (
    <StatusScreen
      icon={<CompassIcon />}
      title={SCREENS.notFound}
      actions={
        <Link to="/" className={buttonStyles.primary}>
          Go to Home
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has moved.</p>
    </StatusScreen>
  );
}
