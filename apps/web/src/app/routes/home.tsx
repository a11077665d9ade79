// The landing page: invites visitors to sign up for the token, explains the
// three roles, and sends signed-in users on to their dashboard.
import { Link, Navigate } from 'react-router';
import { BADGE_CREATION_FEE_GETS, PRODUCT_NAME, TOKEN } from '@gets/schema';
import { ArrowRightIcon, BadgeIcon, UsersIcon, VaultIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { useHasAdminToken, useSession } from '@/features/accounts';
import { BadgeGrid, useBadgeList } from '@/features/badges';
import { GetTokensLink } from '@/features/tokens';
import { useDocumentTitle } from '@/hooks/use-document-title';

const STEPS = [
  {
    Icon: BadgeIcon,
    title: 'Sponsors publish badges',
    text: `Schools, companies and communities create a badge, set the ${TOKEN.symbol} reward for each one and publish it for a ${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol} fee. The reward is held in escrow until it is claimed.`,
  },
  {
    Icon: UsersIcon,
    title: 'Earners claim rewards',
    text: `Learners find a badge, apply with their evidence and, once the sponsor approves, claim the badge together with its ${TOKEN.symbol} tokens into their wallet.`,
  },
  {
    Icon: VaultIcon,
    title: 'Community Treasure',
    text: `Anyone holding ${TOKEN.symbol} can stake it into the Community Treasure for a lock period, growing the pool that backs the community.`,
  },
] as const;

const HIGHLIGHTS = [
  'A custodial wallet for every account — no gas, no seed phrase',
  'Every transaction asks for your consent first',
  'Badges anyone can verify, with a public page and QR code',
] as const;

function HeroArt() {
  // Decorative: a stylised badge medal over soft rings.
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-72 sm:max-w-sm">
      <div className="absolute inset-0 rounded-full bg-brand-300/10 ring-1 ring-brand-300/20" />
      <div className="absolute inset-10 rounded-full bg-brand-300/10 ring-1 ring-brand-300/20" />
      <div className="absolute inset-20 grid place-items-center rounded-full bg-gradient-to-br from-brand-300 to-brand-600 shadow-2xl shadow-brand-950/60">
        <div className="grid size-3/4 place-items-center rounded-full border-4 border-white/40 bg-brand-900/90">
          <span className="text-3xl font-black tracking-tight text-brand-200 sm:text-4xl">
            {TOKEN.symbol}
          </span>
        </div>
      </div>
      <div className="absolute top-6 right-2 rotate-6 rounded-2xl bg-white px-4 py-3 text-left shadow-xl">
        <p className="text-[10px] font-semibold tracking-widest text-slate-500 uppercase">Badge</p>
        <p className="text-sm font-bold text-brand-900">Claimed</p>
      </div>
      <div className="absolute bottom-8 left-0 -rotate-3 rounded-2xl bg-white px-4 py-3 text-left shadow-xl">
        <p className="text-[10px] font-semibold tracking-widest text-slate-500 uppercase">Reward</p>
        <p className="text-sm font-bold text-brand-900">Paid in {TOKEN.symbol}</p>
      </div>
    </div>
  );
}

/** The newest approved public badges, with a way on to the explorer. */
function LatestBadges() {
  const list = useBadgeList('recent', { limit: 8 });
  return (
    <section aria-labelledby="latest-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Latest badges
          </h2>
          <Link to="/explore" className={buttonStyles.outline}>
            Explore all badges
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <BadgeGrid
          label="Latest badges"
          badges={list.badges}
          isLoading={list.isPending}
          error={list.error}
          onRetry={list.refetch}
          isRetrying={list.isRefetching}
          emptyText={'No "recent" badges found!'}
        />
      </div>
    </section>
  );
}

export function HomeRoute() {
  useDocumentTitle();
  const session = useSession();
  const hasAdminToken = useHasAdminToken();

  if (hasAdminToken) return <Navigate to="/dashboard" replace />;

  const getStartedTo = session ? '/dashboard' : '/login';

  return (
    <>
      <section className="relative overflow-hidden bg-brand-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_60%)] opacity-60"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.15fr_1fr] lg:px-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-300/30 bg-brand-300/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-200">
              <span className="size-1.5 rounded-full bg-brand-300" aria-hidden="true" />
              Badges backed by a smart token
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl xl:text-6xl">
              Sign up for <span className="text-brand-300">{TOKEN.symbol}</span> and get rewarded
              for what you learn
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-brand-100/80">
              {PRODUCT_NAME} turns achievements into badges that carry real {TOKEN.symbol} tokens.
              Sponsors fund them, earners claim them, and the community grows with every stake.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link to={getStartedTo} className={buttonStyles.accent}>
                GET STARTED
                <ArrowRightIcon className="size-4" />
              </Link>
              <GetTokensLink className={buttonStyles.ghostLight} />
            </div>
            <ul className="mt-10 space-y-2 text-sm text-brand-100/80">
              {HIGHLIGHTS.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <span
                    className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-300"
                    aria-hidden="true"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
              How it works
            </p>
            <h2
              id="how-heading"
              className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              One token, three ways to take part
            </h2>
          </div>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map(({ Icon, title, text }, index) => (
              <li
                key={title}
                className="relative rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition hover:border-brand-300 hover:shadow-md"
              >
                <div className="flex items-center justify-between">
                  <span className="grid size-12 place-items-center rounded-xl bg-brand-900 text-2xl text-brand-200">
                    <Icon />
                  </span>
                  <span className="text-4xl font-black text-slate-500" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                </div>
                <h3 className="mt-6 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-brand-900">
              Want the details? Read the user manual or watch the explainer video.
            </p>
            <Link to="/how-it-works" className={buttonStyles.primary}>
              How It Works
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        </div>
      </section>
      <LatestBadges />
    </>
  );
}
