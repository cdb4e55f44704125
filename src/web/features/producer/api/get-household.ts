import { useQuery } from '@tanstack/react-query';
import { householdQueryOptions } from '#web/lib/queries.ts';

/** The own household, for the profile form: a producer's household id is its user id. */
export function useOwnHousehold(id: string) {
  return useQuery(householdQueryOptions(id, id));
}
