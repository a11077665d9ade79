// Cards in a grid, with the loading animation, the empty text and See more;
// a failed read shows its error with Try again, never the empty text.
import type { ReactNode } from 'react';
import type { Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/features/custody';
import { BadgeCard } from './badge-card';
import { EmptyState } from '@/components/ui/empty-state';

export function BadgeGrid({
  badges,
  isLoading,
  error,
  onRetry,
  isRetrying,
  emptyText,
  hasMore,
  onMore,
  isLoadingMore,
  label,
  note,
}: {
  badges: Badge[];
  isLoading: boolean;
  error: Error | null;
  /** Reads the badges again after a failed read. */
  onRetry: () => unknown;
  isRetrying?: boolean;
  emptyText: string;
  hasMore?: boolean;
  onMore?: () => void;
  isLoadingMore?: boolean;
  label: string;
  /** A line under a card about its state (the sponsor's badge waiting for an admin). */
  note?: (badge: Badge) => ReactNode;
}) {
  if (isLoading) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
        <Spinner /> Loading badges...
      </div>
    );
  }
  if (error) return <QueryError error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  if (badges.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <div>
      <ul
        aria-label={label}
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
      >
        {badges.map((badge) => (
          <li key={badge._id} className="flex flex-col gap-2">
            <BadgeCard badge={badge} />
            {note?.(badge)}
          </li>
        ))}
      </ul>
      {hasMore && onMore && (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className={buttonStyles.outline}
            onClick={onMore}
            disabled={isLoadingMore}
          >
            {isLoadingMore ? 'Loading...' : 'See more'}
          </button>
        </div>
      )}
    </div>
  );
}
