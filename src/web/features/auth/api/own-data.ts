import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#shared/contracts/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** Everything stored about the user (api.me.exportData). */
export const exportMyData = () => api.me.exportData();

/** Deletes the own account; the password confirms it (api.me.remove). */
export const deleteMyAccount = (body: DeleteAccountBody) => api.me.remove({ body });

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
