import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody } from '#shared/contracts/admin.ts';
import { api } from '#web/lib/api-client.ts';

/** The report action (api.reports.create), in one module. */
export const createReport = (body: CreateReportBody) => api.reports.create({ body });

export const useCreateReport = () => useMutation({ mutationFn: createReport });
