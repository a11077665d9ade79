// Whitelisting an earner on a private badge (spec section 7, /badge/whitelist):
// the earner's wallet address, through the consent dialog; once whitelisted,
// the sponsor sends the earner the badge's link, where they apply. An email
// is never turned into a wallet here: people are invited by email from the
// CSV section, and accept first (decision 0063).
import { useState } from 'react';
import { TOASTS, walletAddressSchema, type Badge } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { CopyButton } from '@/features/badges';
import { useWhitelistEarner } from '../api/whitelist-earner';

export function WhitelistForm({ badge, email }: { badge: Badge; email: string }) {
  const { whitelist, isWhitelisting } = useWhitelistEarner();
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const link = `${window.location.origin}/badge/${badge._id}`;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = walletAddressSchema.safeParse(account.trim());
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (await whitelist(badge, checked.data, email)) {
      setDone(checked.data);
      setAccount('');
    }
  }

  return (
    <section
      aria-labelledby="whitelist-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="whitelist-heading" className="text-lg font-semibold text-slate-900">
        Whitelist an earner
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        This badge is private: only earners you whitelist can apply for it. The wallet address you
        enter goes on the badge&apos;s whitelist on chain once you consent. To invite someone by
        email instead, use Whitelist from CSV: they accept the invitation first.
      </p>
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <div className="flex-1">
          <TextField
            label="Earner wallet address"
            placeholder="0x..."
            value={account}
            error={error}
            onChange={(event) => setAccount(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className={`${buttonStyles.primary} sm:mt-7`}
          disabled={isWhitelisting || account.trim() === ''}
        >
          Whitelist
        </button>
      </form>
      {done && (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {done.slice(0, 6)}...{done.slice(-4)} may now apply. Send them this badge&apos;s link:{' '}
          <span className="font-mono text-xs break-all">{link}</span>{' '}
          <CopyButton value={link} label="Copy badge link" success={TOASTS.success.linkCopied}>
            Copy
          </CopyButton>
        </p>
      )}
    </section>
  );
}
