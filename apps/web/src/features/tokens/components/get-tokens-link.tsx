// GET TOKENS: the configured exchange, in a new tab.
import { ExternalLinkIcon } from '@/components/icons/icons';
import { buttonStyles } from '@/components/ui/button-styles';
import { useExchangeUrl } from '../api/get-platform-info';

export function GetTokensLink({ className = buttonStyles.accent }: { className?: string }) {
  const href = useExchangeUrl();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      GET TOKENS
      <ExternalLinkIcon className="size-4" />
    </a>
  );
}
