import { useQuery } from '@tanstack/react-query';
import { productQueryOptions } from '#web/lib/queries.ts';

export { productQueryOptions };

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
