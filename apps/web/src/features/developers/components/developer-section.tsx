// One section of the Developers page: its heading, a line of what it is for,
// its main button on the right, and its content.
import { useId, type ReactNode } from 'react';

export function DeveloperSection({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
