import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { createReportBody, REPORT_REASONS, type ReportReason, type ReportTargetType } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useFocusRefused } from '#web/lib/form.ts';
import { useCreateReport } from '../api/create-report.ts';

/** "Report" on a product, review, story, household or buyer page: a reason and a note, sent to the operators. */
export function ReportButton({ targetType, targetId, size = 'sm', label, className = 'text-muted-foreground' }: {
  targetType: ReportTargetType; targetId: string; size?: 'sm' | 'default'; label?: string; className?: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [noteRefused, setNoteRefused] = useState(false);
  const create = useCreateReport();
  // A refused note is said beside it and focused (src/web/lib/form.ts).
  const { ref: formRef, refuse } = useFocusRefused<HTMLFormElement>();

  const send = async () => {
    // The contract the server checks, before anything is sent.
    const body = createReportBody.safeParse({ targetType, targetId, reason, note });
    if (!body.success) {
      if (body.error.issues.some((issue) => issue.path[0] === 'note')) {
        setNoteRefused(true);
        refuse();
      } else toast.error(t('report.failed'));
      return;
    }
    try {
      await create.mutateAsync(body.data);
      toast.success(t('report.sent'));
      setOpen(false);
      setNote('');
    } catch (error) {
      toast.error(t('report.failed'), { description: isApiError(error) ? error.message : undefined });
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size={size} aria-label={label ?? t('report.action')} className={className}>
          <Flag aria-hidden="true" />{size === 'default' && t('report.action')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description')}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} noValidate className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">{t('report.reason')}</label>
          <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} className="h-9 rounded-md border bg-background px-2 text-sm">
            {REPORT_REASONS.map((r) => <option key={r} value={r}>{t(`reports.reason.${r}`)}</option>)}
          </select>
          <label htmlFor={`${id}-note`} className="text-sm font-medium">{t('report.note')}</label>
          <Textarea id={`${id}-note`} value={note} maxLength={1000} aria-invalid={noteRefused || undefined} aria-describedby={noteRefused ? `${id}-note-error` : undefined}
            onChange={(e) => { setNote(e.target.value); setNoteRefused(false); }} />
          {noteRefused && <p id={`${id}-note-error`} role="alert" className="text-sm text-destructive">{t('report.noteInvalid')}</p>}
          <Button type="submit" disabled={create.isPending}>{t('report.send')}</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
