// /search?name=: badges whose name contains the text (the header search lands here).
import { useSearchParams } from 'react-router';
import { BadgeSearchResults } from '@/features/badges';
import { useSession } from '@/features/accounts';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function SearchRoute() {
  useDocumentTitle('Search');
  const [params] = useSearchParams();
  const session = useSession();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BadgeSearchResults
        name={params.get('name')?.trim() ?? ''}
        isEarner={session?.user.userType === 'EARNER'}
      />
    </div>
  );
}
