// "Get Tokens" (spec: a placeholder page of that title), with what a person
// needs to get GETS here: the ways to earn and receive it, their own address
// to share (copy and QR), the platform's token and treasury to ask, and the
// exchange of GET TOKENS (EXCHANGE_URL, read at run time).
import { Link } from 'react-router';
import { BADGE_CREATION_FEE_GETS, EXTERNAL_LINKS, TOKEN } from '@gets/schema';
import { BadgeIcon, VaultIcon, WalletIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAdminSession, useSession, WalletAddress } from '@/features/accounts';
import { AddressQr, GetTokensLink, usePlatformInfo } from '@/features/tokens';
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
    text: `Any ${TOKEN.symbol} holder, the platform's administrators included, can send tokens to your wallet address: share it below.`,
  },
  {
    Icon: VaultIcon,
    title: 'Put it to work',
    text: `Stake ${TOKEN.symbol} into the Community Treasure, or — as a sponsor — fund the badges you publish (${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} creation fee per badge).`,
  },
] as const;

export function GetCryptoRoute() {
  useDocumentTitle(TITLE);
  const session = useSession();
  const admin = useAdminSession();
  const platform = usePlatformInfo();
  const own = session?.user.account ?? admin?.adminDetails.account ?? null;
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
          <GetTokensLink />
          <Link to="/how-it-works" className={buttonStyles.ghostLight}>
            How It Works
          </Link>
        </div>
        <p className="mt-4 text-xs text-brand-100/60">
          GET TOKENS opens an external exchange in a new tab. Check the token before you trade.
        </p>
      </section>

      <section aria-labelledby="receive-heading" className="mt-14 grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="receive-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Your wallet address
          </h2>
          {own ? (
            <>
              <p className="mt-3 text-sm text-slate-600">
                Share it, or let someone scan it, to receive {TOKEN.symbol}. It is on the{' '}
                {TOKEN.symbol} chain (id {platform.data?.chainId ?? '…'}); send only {TOKEN.symbol}{' '}
                to it.
              </p>
              <div className="mt-5">
                <AddressQr address={own} label="your wallet address" />
              </div>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-600">
              Every account comes with a custodial wallet.{' '}
              <Link to="/login" className="font-semibold text-brand-700 hover:underline">
                Log in
              </Link>{' '}
              to see yours, with a QR code to share.
            </p>
          )}
        </div>
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Ask the platform</h2>
          <p className="mt-3 text-sm text-slate-600">
            The platform&apos;s treasury holds the {TOKEN.symbol} supply and its administrators hand
            it out. Ask them through the{' '}
            <a
              href={EXTERNAL_LINKS.contact}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 hover:underline"
            >
              contact page
            </a>
            , with your wallet address.
          </p>
          <dl className="mt-5 space-y-4 text-sm">
            <div>
              <dt className="font-semibold text-slate-800">Platform treasury</dt>
              <dd className="mt-1">
                <WalletAddress address={platform.data?.treasuryAddress ?? null} />
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-800">{TOKEN.symbol} token contract</dt>
              <dd className="mt-1">
                <WalletAddress address={platform.data?.tokenAddress ?? null} />
              </dd>
            </div>
          </dl>
        </div>
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
