// A full-width message screen (404, offline, errors): icon, title, text, actions.
import type { ReactNode } from 'react';

interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'brand' | 'danger';
}

export function StatusScreen({
  icon,
  title,
  children,
  actions,
  tone = 'brand',
}: StatusScreenProps) {
  const iconTone = tone === 'brand' ? 'bg-brand-50 text-brand-800' : 'bg-red-50 text-red-600';
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      <div className={`grid size-16 place-items-center rounded-2xl text-3xl ${iconTone}`}>
        {icon}
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 text-base text-slate-600">{children}</div>}
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}
