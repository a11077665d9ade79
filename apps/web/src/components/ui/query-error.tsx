// What a screen shows when it could not read its data: the reason and a way
// to ask again. Never an empty state: "No badges found" after a failed read
// would tell the person something untrue.
import { SERVER_MESSAGES } from '@gets/schema';
import { buttonStyles } from './button-styles';

export const RETRY_LABEL = 'Try again';

export function QueryError({
  error,
  onRetry,
  isRetrying = false,
  className = 'py-10',
}: {
  error: Error | null;
  /** Reads again (a query's refetch). */
  onRetry: () => unknown;
  /** While the read runs again, the button says so and waits. */
  isRetrying?: boolean;
  /** Spacing around it, to fit the list or card it stands in for. */
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`flex flex-col items-center gap-3 text-center text-red-700 ${className}`}
    >
      <p>{error?.message || SERVER_MESSAGES.internal}</p>
      <button
        type="button"
        className={buttonStyles.outline}
        onClick={() => void onRetry()}
        disabled={isRetrying}
      >
        {isRetrying ? 'Trying again...' : RETRY_LABEL}
      </button>
    </div>
  );
}
