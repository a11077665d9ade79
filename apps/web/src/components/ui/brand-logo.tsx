// The product's word mark, linking home.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@gets/schema';

/** The badge mark (same drawing as public/favicon.svg), inline so it shows offline too. */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" fill="#0b3d2e" />
      <circle cx="32" cy="28" r="14" fill="none" stroke="#a7f3d0" strokeWidth="5" />
      <path d="M24 40l-4 16 12-6 12 6-4-16" fill="#a7f3d0" />
    </svg>
  );
}

export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const text = tone === 'dark' ? 'text-brand-900' : 'text-white';
  return (
    <Link to="/" className={`flex shrink-0 items-center gap-2 font-bold ${text}`}>
      <BrandMark className="size-8" />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
