import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createStoryBody, Story } from '#shared/contracts/stories.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateShop } from '../lib/invalidate.ts';

/** POST /api/stories */
export function createStory(body: z.input<typeof createStoryBody>): Promise<Story> {
  return api.stories.create({ body });
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  // hasActiveStory lives on households: the rings on the feed and household page follow.
  return useMutation({ mutationFn: createStory, onSuccess: () => invalidateShop(queryClient, ['stories']) });
}
