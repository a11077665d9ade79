// The open stakes of the Community Treasure, a page at a time from the
// server: User (picture, full name, username), Wallet (shortened, copy),
// Stake ID (2 digits), Staked amount, Time stamp (long US date).
import { useState } from 'react';
import { STAKE_ID_PADDING, type StakeListing } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { WalletAddress } from '@/features/accounts';
import { STAKES_PAGE_SIZE, useStakeList } from '../api/treasury';
import { TableScroller } from '@/components/ui/table-scroller';
import { QueryError } from '@/components/ui/query-error';
import { EmptyTableRow } from '@/components/ui/empty-state';
import { formatDate, formatGetsAmount } from '@/lib/format';

export function StakeTable() {
  const [page, setPage] = useState(1);
  const list = useStakeList(page);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAKES_PAGE_SIZE));
  return (
    <section aria-labelledby="stakes-heading" className="flex flex-col gap-3">
      <h3 id="stakes-heading" className="font-semibold text-slate-900">
        Stakes
      </h3>
      {list.isError && (
        <QueryError
          error={list.error}
          onRetry={list.refetch}
          isRetrying={list.isRefetching}
          className="py-4"
        />
      )}
      <TableScroller label="Stakes table" className="bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                User
              </th>
              <th scope="col" className="px-4 py-3">
                Wallet
              </th>
              <th scope="col" className="px-4 py-3">
                Stake ID
              </th>
              <th scope="col" className="px-4 py-3">
                Staked amount
              </th>
              <th scope="col" className="px-4 py-3">
                Time stamp
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.stakes.map((stake) => (
              <StakeRow key={stake.onChainId} stake={stake} />
            ))}
            {list.data?.stakes.length === 0 && (
              <EmptyTableRow columns={5}>No stakes yet.</EmptyTableRow>
            )}
          </tbody>
        </table>
      </TableScroller>
      {pages > 1 && (
        <nav aria-label="Stakes pages" className="flex items-center justify-end gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            className={buttonStyles.outline}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            className={buttonStyles.outline}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}

function StakeRow({ stake }: { stake: StakeListing }) {
  const user = stake.userId;
  return (
    <tr>
      <td className="px-4 py-3">
        {user ? (
          <div className="flex items-center gap-3">
            {user.profilePic ? (
              <img src={user.profilePic} alt="" className="size-9 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-brand-900 text-xs font-bold text-brand-200"
              >
                {(user.fullName || user.userName).slice(0, 2).toUpperCase()}
              </span>
            )}
            <div>
              <p className="font-semibold text-slate-900">{user.fullName}</p>
              <p className="text-xs text-slate-500">@{user.userName}</p>
            </div>
          </div>
        ) : (
          'N/A'
        )}
      </td>
      <td className="px-4 py-3">
        <WalletAddress address={user?.account ?? null} short />
      </td>
      <td className="px-4 py-3 tabular-nums">{stake.onChainId.padStart(STAKE_ID_PADDING, '0')}</td>
      <td className="px-4 py-3 tabular-nums">{formatGetsAmount(stake.stakedAmount)}</td>
      <td className="px-4 py-3">{formatDate(stake.createdAt)}</td>
    </tr>
  );
}
