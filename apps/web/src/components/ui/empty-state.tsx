// The one way an empty list says so: the spec's empty texts ("No Badge Found!",
// "No applications found!", ...) and the app's own, in the same dashed box, on
// a page, in a panel or in a table's only row.
import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p
      data-empty-state=""
      className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600"
    >
      {children}
    </p>
  );
}

/** A table's only row while it has none, spanning its `columns`. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="p-4">
        <EmptyState>{children}</EmptyState>
      </td>
    </tr>
  );
}
