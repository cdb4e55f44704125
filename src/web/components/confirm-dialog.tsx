import type { ReactNode } from 'react';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription,
  AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';

export interface ConfirmDialogProps {
  /** The button that opens the question. */
  trigger: ReactNode;
  title: string;
  text: string;
  /** "Keep it": closes without doing anything. */
  keepLabel: string;
  /** The action's button. */
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * "Are you sure?" before an action that cannot be taken back (cancel an order, cancel a standing
 * order, leave a drop): one dialog for all of them, keep first so Enter does not confirm.
 */
export function ConfirmDialog({ trigger, title, text, keepLabel, confirmLabel, onConfirm }: ConfirmDialogProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{keepLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
