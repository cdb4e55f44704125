import { useId, useState, type FormEvent } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import type { StatementImport } from '#shared/contracts/payments.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { readRefusal, useFocusRefused } from '#web/lib/form.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useImportStatement } from '../api/import-statement.ts';

type Row = (StatementImport['matched'][number] & { kind: 'matched' }) | (StatementImport['unmatched'][number] & { kind: 'unmatched' });

/**
 * The producer's bank statement import (docs/payments.md): a CSV file, then a table of every
 * row, matched (the order is paid now) or not, with the reason in words. Cells are shown as
 * text only: a cell that looks like a formula is shown as it was written.
 */
export function StatementImportForm() {
  const { t } = useTranslation(['payments', 'errors']);
  const format = useFormat();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  /** Import pressed without a file: refused beside the file field. */
  const [noFile, setNoFile] = useState(false);
  const mutation = useImportStatement();
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setNoFile(true);
      refuse();
      return;
    }
    // A refused file (not a CSV, too large, no columns found) is said beside the field, focus there.
    mutation.mutate(file, { onError: refuse });
  };
  /** Why the file field is refused: no file chosen, or the server's answer to the file. */
  const refused = mutation.isError ? readRefusal(mutation.error, { fields: ['file'] }) : null;
  const refusal = noFile ? t('fileMissing') : refused ? `${t('failed')}: ${refused.fields.file?.message ?? refused.message}` : null;
  const errorId = `${inputId}-error`;

  const result = mutation.data;
  const rows: Row[] = result
    ? [...result.matched.map((r) => ({ ...r, kind: 'matched' as const })), ...result.unmatched.map((r) => ({ ...r, kind: 'unmatched' as const }))].sort((a, b) => a.row - b.row)
    : [];

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={inputId}>{t('file')}</Label>
          <Input id={inputId} type="file" accept=".csv,.txt,text/csv,text/plain" aria-invalid={refusal !== null}
            aria-describedby={refusal ? `${errorId} ${inputId}-hint` : `${inputId}-hint`}
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); setNoFile(false); mutation.reset(); }} />
          {refusal && <p id={errorId} role="alert" className="text-sm text-destructive">{refusal}</p>}
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">{t('fileHint')}</p>
        </div>
        <Button type="submit" disabled={mutation.isPending}>
          <FileSpreadsheet aria-hidden="true" />
          {mutation.isPending ? t('importing') : t('import')}
        </Button>
      </form>

      {result && (
        <section aria-labelledby={`${inputId}-result`} className="flex flex-col gap-2">
          <h2 id={`${inputId}-result`} className="text-lg font-semibold">{t('result.title')}</h2>
          <p role="status" className="text-sm">
            {t('result.summary', { matched: result.matched.length, unmatched: result.unmatched.length })}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('result.columns', { amount: result.columns.amount, reference: result.columns.reference, encoding: result.encoding.toUpperCase() })}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('result.title')}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-1 pr-2">{t('result.row')}</th>
                  <th scope="col" className="py-1 pr-2">{t('result.payment')}<span className="sm:hidden">, {t('result.outcome').toLowerCase()}</span></th>
                  <th scope="col" className="py-1 text-right sm:pr-2">{t('result.amount')}</th>
                  <th scope="col" className="hidden py-1 sm:table-cell">{t('result.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.row} className="border-t align-top" data-testid={`statement-row-${r.row}`}>
                    <th scope="row" className="py-1.5 pr-2 font-normal tabular-nums">{r.row}</th>
                    <td className="py-1.5 pr-2">
                      <span className="block break-words">{r.payer || '—'}</span>
                      <span className="block break-all text-xs text-muted-foreground">{[r.date, r.reference].filter(Boolean).join(' · ') || '—'}</span>
                      {/* A phone has no room for a fourth column: the outcome goes under the payment. */}
                      <span className="mt-1 block sm:hidden"><Outcome row={r} /></span>
                    </td>
                    <td className="py-1.5 text-right tabular-nums whitespace-nowrap sm:pr-2">{r.amount === null ? '—' : format.total(r.amount)}</td>
                    <td className="hidden py-1.5 sm:table-cell"><Outcome row={r} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

/** Matched (the order paid now) or the reason in words, with what could not be read. */
function Outcome({ row: r }: { row: Row }) {
  const { t } = useTranslation('payments');
  if (r.kind === 'matched') return <Badge className="whitespace-normal text-left">{t('result.matched', { number: r.number })}</Badge>;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge variant="outline" className="self-start whitespace-normal text-left">{t(`reason.${r.reason}`)}</Badge>
      {r.problem && <span className="text-xs text-muted-foreground">{t(`problem.${r.problem}`)}</span>}
      {r.number !== undefined && r.reason !== 'not_yours' && <span className="text-xs text-muted-foreground">{t('result.order', { number: r.number })}</span>}
    </span>
  );
}
