import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProducerOverview } from '#shared/contracts/producer.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** GET /api/producer/overview */
export function getOverview(): Promise<ProducerOverview> {
  return apiFetch<ProducerOverview>('/api/producer/overview');
}

export const overviewQueryOptions = () => queryOptions({ queryKey: ['producer', 'overview'], queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
