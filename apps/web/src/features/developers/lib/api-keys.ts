// How the Developers page and the admin's sponsor page describe an API key:
// its status, its prefix (never the secret), its scopes in words, its dates.
import { API_KEY_SCOPE_LABELS, type ApiKey } from '@gets/schema';
import { formatDateTime } from '@/lib/format';

export type ApiKeyStatus = 'Active' | 'Revoked' | 'Expired';

/** Revoked wins over expired: revoking is what someone did. */
export function apiKeyStatus(key: ApiKey, now: number): ApiKeyStatus {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'Expired';
  return 'Active';
}

/** "gets_sk_AbCd…": enough to tell keys apart. */
export const shownPrefix = (key: ApiKey) => `${key.prefix}…`;

export const scopeLabel = (scope: ApiKey['scopes'][number]) => API_KEY_SCOPE_LABELS[scope];

/** One date format on the whole page; "Never" for a key never used or never expiring. */
export const whenOrNever = (value: string | null) => (value ? formatDateTime(value) : 'Never');

export const STATUS_STYLES: Record<ApiKeyStatus, string> = {
  Active: 'bg-brand-100 text-brand-800',
  Revoked: 'bg-red-100 text-red-700',
  Expired: 'bg-slate-200 text-slate-700',
};
