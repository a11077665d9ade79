// DELETE /badge/delete/draft/{id}, with the spec's progress and outcome toasts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOASTS } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { BADGES_QUERY_KEY } from './keys';

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const toastId = toast.loading(TOASTS.loading.deletingDraft);
      const result = await apiRequest<{ _id: string }>(`/badge/delete/draft/${id}`, {
        method: 'DELETE',
      });
      if (!result.success) {
        toast.error(TOASTS.error.deletingDraftFailed, { id: toastId, description: result.message });
        return false;
      }
      toast.success(TOASTS.success.draftDeleted, { id: toastId });
      await queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
      return true;
    },
  });
}
