// The one link of a transaction hash: to the block explorer when the server
// names one (EXPLORER_URL, in a new tab), else to the app's own page
// /tx/{hash}, which reads the chain. The server decides (its
// transactionChainScanUrl); with only a hash known, the app's page.
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { transactionPagePath } from '@gets/schema';
import { ExternalLinkIcon } from '@/components/icons/icons';

export function TransactionLink({
  hash,
  href,
  children,
  className = 'underline',
  onClick,
}: {
  hash: string;
  /** The server's link for it (transactionChainScanUrl); absent, the app's page. */
  href?: string | null;
  /** What the link reads: the hash (short or full), or words like "View the transaction". */
  children: ReactNode;
  className?: string;
  /** On following it to the app's page (a modal closes, so the page is not under it). */
  onClick?: () => void;
}) {
  const url = href ?? transactionPagePath(hash);
  // Toasts and the consent dialog render outside the router: a plain link there.
  const inRouter = useInRouterContext();
  if (url.startsWith('/')) {
    return inRouter ? (
      <Link to={url} className={className} title={hash} onClick={onClick}>
        {children}
      </Link>
    ) : (
      <a href={url} className={className} title={hash} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1 ${className}`}
      title={hash}
    >
      {children}
      <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
    </a>
  );
}
