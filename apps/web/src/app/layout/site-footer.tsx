// The footer on every page: product blurb, external links, social icons and
// the copyright line with the current year.
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { EXTERNAL_LINKS, PRODUCT_NAME, TOKEN } from '@gets/schema';
import { LinkedInIcon, TelegramIcon, XIcon, YouTubeIcon } from '@/components/icons/icons';
import { BrandLogo } from '@/components/ui/brand-logo';

const COMPANY_LINKS = [
  { href: EXTERNAL_LINKS.about, label: 'About' },
  { href: EXTERNAL_LINKS.contact, label: 'Contact' },
] as const;

const LEGAL_LINKS = [
  { href: EXTERNAL_LINKS.privacyPolicy, label: 'Privacy Policy' },
  { href: EXTERNAL_LINKS.termsAndConditions, label: 'Terms and Conditions' },
] as const;

const SOCIAL_LINKS: readonly {
  href: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  { href: EXTERNAL_LINKS.videoChannel, label: `${PRODUCT_NAME} on YouTube`, Icon: YouTubeIcon },
  { href: EXTERNAL_LINKS.x, label: `${PRODUCT_NAME} on X`, Icon: XIcon },
  { href: EXTERNAL_LINKS.linkedIn, label: `${PRODUCT_NAME} on LinkedIn`, Icon: LinkedInIcon },
  { href: EXTERNAL_LINKS.telegram, label: `${PRODUCT_NAME} on Telegram`, Icon: TelegramIcon },
];

const linkClass = 'text-sm text-brand-100/80 transition hover:text-white';

function ExternalList({
  title,
  links,
}: {
  title: string;
  links: readonly { href: string; label: string }[];
}) {
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-widest text-brand-300 uppercase">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-950 text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:grid-cols-3 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm sm:col-span-3 md:col-span-1">
          <BrandLogo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-brand-100/70">
            Badges backed by {TOKEN.symbol}, the smart token: sponsors reward learning, earners
            claim what they achieve, and everyone can grow the Community Treasure.
          </p>
          <ul className="mt-6 flex gap-3">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={href + label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-brand-100 transition hover:bg-brand-300 hover:text-brand-950"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold tracking-widest text-brand-300 uppercase">
            Product
          </h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/" className={linkClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/how-it-works" className={linkClass}>
                How It Works
              </Link>
            </li>
            <li>
              <Link to="/get-crypto" className={linkClass}>
                Get Tokens
              </Link>
            </li>
          </ul>
        </div>
        <ExternalList title="Company" links={COMPANY_LINKS} />
        <ExternalList title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-brand-100/60 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>{`© ${year} ${PRODUCT_NAME}. All rights reserved.`}</p>
          <p>Designed and developed by the {PRODUCT_NAME} team.</p>
        </div>
      </div>
    </footer>
  );
}
