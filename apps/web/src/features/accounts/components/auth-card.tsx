// The frame of the account screens: a centred card with a title and intro.
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div
        className={`mx-auto w-full rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-950/5 sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
      >
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <div className="mt-2 text-sm text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </section>
  );
}

export const linkClass =
  'font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';
