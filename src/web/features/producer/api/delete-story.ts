import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** DELETE /api/stories/:id */
export function deleteStory(id: string): Promise<void> {
  return apiFetch<void>(`/api/stories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStory, onSuccess: () => invalidateShop(queryClient, ['stories']) });
}
