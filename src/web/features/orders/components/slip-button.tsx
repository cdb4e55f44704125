import { useState } from 'react';
import { FileText } from 'lucide-react';
import { PdfPreview } from '#web/components/pdf-preview.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/translate.tsx';
import { fetchSlip } from '../api/get-slip.ts';

/** The packing slip of an incoming order, made on demand and shown to print or download. */
export function SlipButton({ orderId, number }: { orderId: string; number: number }) {
  const { t } = useTranslation('papers');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; blob: Blob } | { kind: 'failed' }>({ kind: 'loading' });

  async function show() {
    setOpen(true);
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', blob: await fetchSlip(orderId) });
    } catch {
      setState({ kind: 'failed' });
    }
  }

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void show()} aria-label={t('slip.actionNamed', { number })}>
        <FileText aria-hidden="true" />
        {t('slip.action')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('slip.title', { number })}</DialogTitle>
            <DialogDescription className="sr-only">{t('slip.action')}</DialogDescription>
          </DialogHeader>
          {state.kind === 'loading' ? <p role="status" className="text-sm text-muted-foreground">{t('labels.loading')}</p> : null}
          {state.kind === 'failed' ? <p role="alert" className="text-sm text-destructive">{t('labels.failed')}</p> : null}
          {state.kind === 'ready' ? <PdfPreview blob={state.blob} filename={`otpremnica-${number}.pdf`} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
