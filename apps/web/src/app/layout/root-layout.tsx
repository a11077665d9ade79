// The chrome around every route: header, main content, footer. While the
// browser is offline the route's content is replaced by the offline screen.
import { Outlet } from 'react-router';
import { OfflineScreen } from '@/components/ui/offline-screen';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const online = useOnlineStatus();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-brand-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {online ? <Outlet /> : <OfflineScreen />}
      </main>
      <SiteFooter />
    </div>
  );
}
