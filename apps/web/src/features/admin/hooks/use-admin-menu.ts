// The admin area's current screen, read from and written to ?menu= (history
// entries, so the back button walks back through the screens).
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ADMIN_MENU_PARAM,
  adminMenuPath,
  isAdminMenuKey,
  type AdminMenuKey,
  type AdminScreens,
} from '../lib/menu';

export function useAdminMenu(screens?: AdminScreens) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get(ADMIN_MENU_PARAM);
  // An unknown key, or one whose screen is not built here, shows the Dash screen.
  const current: AdminMenuKey =
    isAdminMenuKey(asked) && (!screens || screens[asked]) ? asked : 'dash';
  const open = useCallback(
    (key: AdminMenuKey, extra?: Record<string, string>) => {
      void navigate(adminMenuPath(key, extra));
    },
    [navigate],
  );
  return { current, open, params };
}
