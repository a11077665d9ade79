// A wallet address, click to copy (toast "Address copied to clipboard!"); in
// full, or shortened to its first 6 and last 4 characters (spec section 3).
// Never over two lines: where the full address does not fit it ends in "…"
// (the whole address is its title, and the copy takes it whole).
import { ADDRESS_SHORTENING, TOASTS } from '@gets/schema';
import { CopyIcon } from '@/components/icons/icons';
import { toast } from '@/lib/toast';

export const shortenAddress = (address: string) =>
  `${address.slice(0, ADDRESS_SHORTENING.head)}...${address.slice(-ADDRESS_SHORTENING.tail)}`;

export function WalletAddress({
  address,
  short = false,
}: {
  address: string | null;
  short?: boolean;
}) {
  if (!address) return <span className="text-sm text-slate-500">N/A</span>;
  const shown = short ? shortenAddress(address) : address;
  return (
    <button
      type="button"
      // The name holds what the button shows (WCAG 2.5.3); a shortened
      // address is told in full by the description.
      title={short ? `Copy wallet address ${address}` : 'Copy wallet address'}
      aria-label={`Wallet address ${shown}, click to copy`}
      onClick={() => {
        void navigator.clipboard?.writeText(address).then(
          () => toast.success(TOASTS.success.addressCopied),
          () => toast.error(TOASTS.error.somethingWentWrong),
        );
      }}
      className="inline-flex max-w-full items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-left font-mono text-xs whitespace-nowrap text-slate-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 sm:text-sm"
    >
      <span data-testid="wallet-address" className="min-w-0 truncate" title={address}>
        {shown}
      </span>
      <CopyIcon className="size-4 shrink-0 text-slate-500" />
    </button>
  );
}
