import { useId, useState, type FormEvent } from 'react';
import { Tags } from 'lucide-react';
import { LABELS_MAX, LABELS_PER_SHEET, type LabelScript } from '#shared/contracts/legal.ts';
import type { Product } from '#shared/contracts/products.ts';
import { addDays, belgradeToday } from '#shared/time.ts';
import { PdfPreview } from '#web/components/pdf-preview.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { fetchLabels } from '../api/get-labels.ts';

/**
 * The Labels action of a product: how many, best before, which script, then the PDF shown in
 * the page to print or download (docs/papers-and-labels.md). `compact`: the desktop table's icon button.
 */
export function LabelsButton({ product, compact = false }: { product: Product; compact?: boolean }) {
  const { t } = useTranslation('papers');
  const [open, setOpen] = useState(false);
  const label = t('labels.actionNamed', { name: product.name });
  const button = (
    <Button size={compact ? 'icon' : 'sm'} variant="outline" className={compact ? 'size-9' : undefined} onClick={() => setOpen(true)} aria-label={label}>
      <Tags aria-hidden="true" />
      {compact ? null : t('labels.action')}
    </Button>
  );
  return (
    <>
      {compact ? (
        <Tooltip>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
          <TooltipContent>{t('labels.action')}</TooltipContent>
        </Tooltip>
      ) : button}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('labels.title', { name: product.name })}</DialogTitle>
            <DialogDescription>{t('labels.help')}</DialogDescription>
          </DialogHeader>
          {open ? <LabelsForm product={product} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function LabelsForm({ product }: { product: Product }) {
  const { t } = useTranslation('papers');
  const id = useId();
  const [count, setCount] = useState(String(LABELS_PER_SHEET));
  const [bestBefore, setBestBefore] = useState(() => addDays(belgradeToday(), 365));
  const [script, setScript] = useState<LabelScript>('cyrl');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; blob: Blob } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'loading' });
    try {
      const blob = await fetchLabels({ productId: product.id, count: Number(count), bestBefore, script });
      setState({ kind: 'ready', blob });
    } catch (error) {
      setState({ kind: 'failed', message: isApiError(error) && error.status === 400 ? error.message : t('labels.failed') });
    }
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-count`}>{t('labels.count')}</Label>
          <Input id={`${id}-count`} type="number" inputMode="numeric" min={1} max={LABELS_MAX} step={1} required value={count} onChange={(e) => setCount(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>{t('labels.bestBefore')}</Label>
          <Input id={`${id}-date`} type="date" required value={bestBefore} onChange={(e) => setBestBefore(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-script`}>{t('labels.script')}</Label>
          <select id={`${id}-script`} value={script} onChange={(e) => setScript(e.target.value as LabelScript)}
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm">
            <option value="cyrl">{t('labels.cyrl')}</option>
            <option value="latn">{t('labels.latn')}</option>
          </select>
        </div>
        <Button type="submit" disabled={state.kind === 'loading'}>{t('labels.preview')}</Button>
      </form>
      {state.kind === 'loading' ? <p role="status" className="text-sm text-muted-foreground">{t('labels.loading')}</p> : null}
      {state.kind === 'failed' ? <p role="alert" className="text-sm text-destructive">{state.message}</p> : null}
      {state.kind === 'ready' ? <PdfPreview blob={state.blob} filename={`etikete-${bestBefore}.pdf`} /> : null}
    </div>
  );
}
