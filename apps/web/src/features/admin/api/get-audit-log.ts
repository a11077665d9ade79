// GET /admin/audit-log?before&limit&action: every admin action, newest first,
// page after page (See more).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditLogPage } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { adminKeys, dataOf } from './keys';

export const getAuditLog = (options: { action?: AuditAction | ''; before?: string | null }) =>
  apiRequest<AuditLogPage>('/admin/audit-log', {
    auth: 'admin',
    query: { action: options.action || undefined, before: options.before ?? undefined },
  });

export function useAuditLog(action: AuditAction | '') {
  const query = useInfiniteQuery({
    queryKey: adminKeys.auditLog(action),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => dataOf(await getAuditLog({ action, before: pageParam })),
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, entries: (query.data?.pages ?? []).flatMap((page) => page.entries) };
}
