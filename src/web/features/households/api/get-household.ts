import { useQuery } from '@tanstack/react-query';
import { householdQueryOptions } from '#web/lib/queries.ts';

export { householdQueryOptions };

export function useHousehold(id: string, userId: string | null) {
  return useQuery(householdQueryOptions(id, userId));
}
