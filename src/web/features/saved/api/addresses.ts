import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAddressBody, SavedAddress, UpdateAddressBody } from '#shared/contracts/saved.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The saved addresses: at most 10, the default first. */
export function getAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  return api.saved.addresses({ signal }).then((answer) => answer.items);
}

export const addressesQueryOptions = (userId: string) => queryOptions({
  queryKey: queryKeys.saved.addresses(userId),
  queryFn: ({ signal }) => getAddresses(signal),
});

export function useAddresses(userId: string | null) {
  return useQuery({ ...addressesQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** Create, edit (only the named fields) or delete a saved address; the list is re-read after each. */
export function useAddressMutations(userId: string | null) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: queryKeys.saved.addresses(userId ?? '') });
  return {
    create: useMutation({
      mutationFn: (body: CreateAddressBody) => api.saved.createAddress({ body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateAddressBody }) => api.saved.updateAddress({ params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await api.saved.deleteAddress({ params: { id } });
      },
      onSettled,
    }),
  };
}
