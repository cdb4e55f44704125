import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HouseholdStatus, PromoteBody, ReportTargetType } from '#shared/contracts/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Every call of the operator console (api.admin.*), in one module. */

type Decision = 'approve' | 'suspend' | 'reinstate';
const DECIDE = { approve: api.admin.approveProducer, suspend: api.admin.suspendProducer, reinstate: api.admin.reinstateProducer } as const;

export const decideProducer = ({ id, decision, reason }: { id: string; decision: Decision; reason: string }) =>
  DECIDE[decision]({ params: { id }, body: reason ? { reason } : {} });
export const verifyLegal = ({ id }: { id: string }) => api.admin.verifyLegal({ params: { id }, body: {} });
export const promoteProduct = ({ id, body }: { id: string; body: PromoteBody }) => api.admin.promoteProduct({ params: { id }, body });
export const resolveReport = ({ id, action }: { id: string; action: 'hide' | 'dismiss' }) => api.admin.resolveReport({ params: { id }, body: { action } });
export const restoreContent = ({ type, id }: { type: ReportTargetType; id: string }) => api.admin.restoreContent({ params: { type, id } });
export const setUserSuspended = ({ id, suspend, reason }: { id: string; suspend: boolean; reason: string }) =>
  (suspend ? api.admin.suspendUser : api.admin.reinstateUser)({ params: { id }, body: reason ? { reason } : {} });

export const useProducers = (status: HouseholdStatus) => useQuery({
  queryKey: queryKeys.admin.producers(status),
  queryFn: ({ signal }) => api.admin.producers({ query: { status, limit: 100 }, signal }),
});
export const useAdminProducts = (q: string, promoted?: boolean) => useQuery({
  queryKey: queryKeys.admin.products(q, promoted),
  queryFn: ({ signal }) => api.admin.products({ query: { q: q || undefined, promoted: promoted === undefined ? undefined : promoted ? 'true' : 'false', limit: 50 }, signal }),
  placeholderData: keepPreviousData,
});
export const useReports = (status: 'open' | 'resolved') => useQuery({
  queryKey: queryKeys.admin.reports(status),
  queryFn: ({ signal }) => api.admin.reports({ query: { status, limit: 100 }, signal }),
});
export const useAdminUsers = (q: string) => useQuery({
  queryKey: queryKeys.admin.users(q),
  queryFn: ({ signal }) => api.admin.users({ query: { q: q || undefined, limit: 50 }, signal }),
  placeholderData: keepPreviousData,
});
export const useAudit = () => useQuery({
  queryKey: queryKeys.admin.audit,
  queryFn: ({ signal }) => api.admin.audit({ query: { limit: 100 }, signal }),
});
export const useStats = (days: number) => useQuery({
  queryKey: queryKeys.admin.stats(days),
  queryFn: ({ signal }) => api.admin.stats({ query: { days }, signal }),
});

/** A console action; afterwards every console list (and the public ones it changes) is read again. */
export function useAdminAction<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries() });
}
