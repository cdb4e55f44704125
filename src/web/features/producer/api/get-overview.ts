import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/producer/overview */
export const overviewQueryOptions = () => queryOptions({ queryKey: queryKeys.producer.overview, queryFn: () => api.producer.overview() });

export function useOverview(options: { enabled?: boolean } = {}) {
  return useQuery({ ...overviewQueryOptions(), enabled: options.enabled ?? true });
}
