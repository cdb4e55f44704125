import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STATEMENT_MAX_BYTES, type StatementImport } from '#shared/contracts/payments.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { api, ApiError, errorMessage } from '#web/lib/api-client.ts';

/** POST /api/producer/payments/import (multipart, field `file`): matched orders become paid. */
export function importStatement(file: File): Promise<StatementImport> {
  // Refused at once in the browser too; the server decides (413 statement.too_large).
  if (file.size > STATEMENT_MAX_BYTES) return Promise.reject(new ApiError(413, 'statement.too_large', errorMessage('statement.too_large', undefined, undefined)));
  const form = new FormData();
  form.append('file', file);
  return api.producer.importPayments({ form });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    // Orders may have become paid.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
