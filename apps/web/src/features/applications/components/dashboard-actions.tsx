// The buttons atop both dashboards (spec section 2): GET TOKENS (the
// configured exchange, in a new tab), GIVE TOKENS (the one Give Tokens
// dialog), and links into the app.
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { GetTokensLink, GiveTokensButton } from '@/features/tokens';

export function DashboardActions({ links }: { links: { to: string; label: string }[] }) {
  return (
    <div className="flex flex-wrap gap-3">
      <GetTokensLink />
      <GiveTokensButton from="user" label="GIVE TOKENS" className={buttonStyles.outline} />
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={buttonStyles.outline}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
