// The product's word mark, linking home.
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@gets/schema';

export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const text = tone === 'dark' ? 'text-brand-900' : 'text-white';
  return (
    <Link to="/" className={`flex shrink-0 items-center gap-2 font-bold ${text}`}>
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>
    </Link>
  );
}
