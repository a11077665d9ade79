// Replaces every route while the browser is offline (spec section 2).
import { SCREENS } from '@gets/schema';
import { WifiOffIcon } from '@/components/icons/icons';
import { StatusScreen } from './status-screen';
import { buttonStyles } from './button-styles';

export function OfflineScreen() {
  return (
    <StatusScreen
      icon={<WifiOffIcon />}
      title={SCREENS.offlineTitle}
      actions={
        <button
          type="button"
          className={buttonStyles.outline}
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
      }
    >
      <p role="status">{SCREENS.offlineText}</p>
    </StatusScreen>
  );
}
