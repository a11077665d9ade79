// PUT /admin/metakeep/{claim,approval,lock}-period: one period on chain
// (through useChainAction: without a token it answers the consent).
import type { ActionResponse, PeriodName } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const changePeriod = (period: PeriodName, days: number, consentToken?: string) =>
  apiRequest<ActionResponse['data']>(`/admin/metakeep/${period}-period`, {
    method: 'PUT',
    auth: 'admin',
    body: { days, consentToken },
  });
