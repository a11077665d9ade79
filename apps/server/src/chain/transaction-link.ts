// Where a transaction hash links, the one rule for every answer and document
// that names one: the block explorer when EXPLORER_URL names one (the default
// on Polygon), else the web app's own transaction page, /tx/{hash}, which
// reads the chain itself. Views the web app renders take the page as a path;
// a document read elsewhere (a credential) passes the public base URL.
import { transactionPagePath } from '@gets/schema';

export function transactionLink(
  explorerUrl: string | undefined,
  hash: string,
  baseUrl = '',
): string {
  if (explorerUrl) return `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`;
  return `${baseUrl.replace(/\/+$/, '')}${transactionPagePath(hash)}`;
}

/** The link of a hash that may be missing (not mined yet): null then. */
export const transactionLinkOf = (
  explorerUrl: string | undefined,
  hash: string | null,
): string | null => (hash ? transactionLink(explorerUrl, hash) : null);
