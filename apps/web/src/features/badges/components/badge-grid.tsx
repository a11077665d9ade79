// Cards in a grid, with the loading animation, the empty text and See more.
import type { Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/features/custody';
import { BadgeCard } from './badge-card';

export function BadgeGrid({
  badges,
  isLoading,
  error,
  emptyText,
  hasMore,
  onMore,
  isLoadingMore,
  label,
}: {
  badges: Badge[];
  isLoading: boolean;
  error?: Error | null;
  emptyText: string;
  hasMore?: boolean;
  onMore?: () => void;
  isLoadingMore?: boolean;
  label: string;
}) {
  if (isLoading) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
        <Spinner /> Loading badges...
      </div>
    );
  }
  if (error)
    return (
      <p role="alert" className="py-10 text-center text-red-700">
        {error.message}
      </p>
    );
  if (badges.length === 0) return <p className="py-16 text-center text-slate-600">{emptyText}</p>;
  return (
    <div>
      <ul
        aria-label={label}
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
      >
        {badges.map((badge) => (
          <li key={badge._id}>
            <BadgeCard badge={badge} />
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
