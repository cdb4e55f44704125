import { useState, type ComponentProps } from 'react';
import type { LucideIcon } from 'lucide-react';
import { PdfPreview } from '#web/components/pdf-preview.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';

type ButtonProps = ComponentProps<typeof Button>;

interface Props {
  /** Makes the PDF; called each time the button is pressed. */
  load: () => Promise<Blob>;
  icon: LucideIcon;
  /** The button's text, also the dialog's (screen-reader only) description. */
  label: string;
  /** The button's accessible name when the text alone does not say enough. */
  ariaLabel?: string | undefined;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** The dialog's title (its accessible name). */
  title: string;
  filename: string;
  loadingText: string;
  /** The alert when `load` failed; a function to say why. */
  failedText: string | ((error: unknown) => string);
}

/**
 * A button that makes a PDF on demand (a packing slip, a pick list) and shows it in a dialog to
 * print or download (PdfPreview), with its own loading and failed states.
 */
export function PdfDialogButton({ load, icon: Icon, label, ariaLabel, variant = 'outline', size = 'sm', title, filename, loadingText, failedText }: Props) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; blob: Blob } | { kind: 'failed'; error: unknown }>({ kind: 'loading' });

  async function show() {
    setOpen(true);
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', blob: await load() });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }

  return (
    <>
      <Button size={size} variant={variant} onClick={() => void show()} aria-label={ariaLabel}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="sr-only">{label}</DialogDescription>
          </DialogHeader>
          {state.kind === 'loading' ? <p role="status" className="text-sm text-muted-foreground">{loadingText}</p> : null}
          {state.kind === 'failed' ? <p role="alert" className="text-sm text-destructive">{typeof failedText === 'function' ? failedText(state.error) : failedText}</p> : null}
          {state.kind === 'ready' ? <PdfPreview blob={state.blob} filename={filename} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
