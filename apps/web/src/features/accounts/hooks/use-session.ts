// The stored user session and whether an admin token exists, kept current
// across tabs ('storage') and within the tab (SESSION_CHANGE_EVENT).
import { useMemo, useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { readStoredToken } from '@/lib/storage';
import {
  parseSession,
  readRawStorage,
  SESSION_CHANGE_EVENT,
  type UserSession,
} from '../lib/session';
import { parseAdminSession, type AdminSession } from '../lib/admin-session';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
  };
}

export function useSession(): UserSession | null {
  // The raw string is the snapshot (stable between renders); parse it once per change.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRawStorage(SESSION_STORAGE_KEYS.user),
    () => null,
  );
  return useMemo(() => parseSession(raw), [raw]);
}

export function useHasAdminToken(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readStoredToken(SESSION_STORAGE_KEYS.admin) !== null,
    () => false,
  );
}

export function useAdminSession(): AdminSession | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRawStorage(SESSION_STORAGE_KEYS.admin),
    () => null,
  );
  return useMemo(() => parseAdminSession(raw), [raw]);
}
