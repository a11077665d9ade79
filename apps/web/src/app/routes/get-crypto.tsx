// "Get Tokens": what GETS is, how earners receive it, and where to buy it.
import { Link } from 'react-router';
import { BADGE_CREATION_FEE_GETS, EXTERNAL_LINKS, TOKEN } from '@gets/schema';
import { BadgeIcon, ExternalLinkIcon, VaultIcon, WalletIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TITLE = 'Get Tokens';

const WAYS = [
  {
    Icon: BadgeIcon,
    title: 'Earn it with badges',
    text: `Apply for a badge, meet its award criteria and, once the sponsor approves, claim the badge: its ${TOKEN.symbol} reward arrives in your wallet.`,
  },
  {
    Icon: WalletIcon,
    title: 'Receive it',
    text: `Any ${TOKEN.symbol} holder can give tokens to your wallet address, shown on your dashboard.`,
  },
  {
    Icon: VaultIcon,
    title: 'Put it to work',
    text: `Stake ${TOKEN.symbol} into the Community Treasure, or — as a sponsor — fund the badges you publish (${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} creation fee per badge).`,
  },
] as const;

export function GetCryptoRoute() {
  useDocumentTitle(TITLE);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <section className="rounded-3xl bg-brand-950 px-6 py-12 text-white sm:px-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{TITLE}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-100/80">
          {TOKEN.symbol} is the platform&apos;s smart token, an ERC-20 token with {TOKEN.decimals}{' '}
          decimals. It is the reward behind every badge, the fee for publishing one, and what the
          Community Treasure is made of.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href={EXTERNAL_LINKS.exchange}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonStyles.accent}
          >
            GET TOKENS
            <ExternalLinkIcon className="size-4" />
          </a>
          <Link to="/how-it-works" className={buttonStyles.ghostLight}>
            How It Works
          </Link>
        </div>
        <p className="mt-4 text-xs text-brand-100/60">
          GET TOKENS opens an external exchange in a new tab. Check the token before you trade.
        </p>
      </section>

      <section aria-labelledby="ways-heading" className="mt-14">
        <h2 id="ways-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Ways to get and use {TOKEN.symbol}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {WAYS.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 p-6">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-2xl text-brand-800">
                <Icon />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-slate-600">
          Every account comes with a custodial wallet, so you never need gas or a seed phrase. Each
          transaction asks for your consent before anything is signed.
        </p>
      </section>
    </div>
  );
}
