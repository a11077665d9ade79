// The router's error screen: what went wrong, and a way home. Rendered in
// place of a route whose render, loader or action threw.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SCREENS } from '@gets/schema';
import { AlertIcon } from '@/components/icons/icons';
import { StatusScreen } from '@/components/ui/status-screen';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unknown error occurred.';
}

export function RouteErrorScreen() {
  const error = useRouteError();
  useDocumentTitle(SCREENS.routerError);
  return (
    <StatusScreen
      tone="danger"
      icon={<AlertIcon />}
      title={SCREENS.routerError}
      actions={
        <>
          {/* A plain link: a full load recovers from a broken in-memory state. */}
          <a href="/" className={buttonStyles.primary}>
            Go to Home
          </a>
          <button
            type="button"
            className={buttonStyles.outline}
            onClick={() => window.location.reload()}
          >
            Reload page
          </button>
        </>
      }
    >
      <p className="rounded-lg bg-red-50 px-4 py-3 font-mono text-sm break-words text-red-700">
        {describeRouteError(error)}
      </p>
    </StatusScreen>
  );
}
