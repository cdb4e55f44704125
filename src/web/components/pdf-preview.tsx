import { useEffect, useMemo, useRef } from 'react';
import { Download, Printer } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { Button } from '#web/components/ui/button.tsx';

/**
 * A PDF the API made (labels, a packing slip) shown in the page, with Print (the browser's
 * own dialog for the frame) and Download.
 */
export function PdfPreview({ blob, filename }: { blob: Blob; filename: string }) {
  const { t } = useTranslation('papers');
  const frame = useRef<HTMLIFrameElement>(null);
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  // Released a minute after the preview goes (not at once: React's development double run of
  // effects would release it while the frame still shows it).
  useEffect(() => () => { setTimeout(() => URL.revokeObjectURL(url), 60_000); }, [url]);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => frame.current?.contentWindow?.print()}>
          <Printer aria-hidden="true" />
          {t('labels.print')}
        </Button>
        <Button asChild variant="outline">
          <a href={url} download={filename}>
            <Download aria-hidden="true" />
            {t('labels.download')}
          </a>
        </Button>
      </div>
      <iframe ref={frame} title={t('labels.frame')} src={url} className="h-[60vh] w-full rounded-md border bg-white" />
    </div>
  );
}
