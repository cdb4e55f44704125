import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** DELETE /api/stories/:id */
export async function deleteStory(id: string): Promise<void> {
  await api.stories.remove({ params: { id } });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStory, onSuccess: () => invalidateShop(queryClient, ['stories']) });
}
