import type { RefObject } from 'react';
import { useTranslation } from '#web/lib/translate.tsx';

/** The form's own message when a submit was refused for a field not on screen (src/web/lib/form.ts). */
export function FormRefusal({ show, messageRef }: { show: boolean; messageRef: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useTranslation('common');
  if (!show) return null;
  return <p ref={messageRef} tabIndex={-1} role="alert" className="text-sm text-destructive">{t('formRefusedHidden')}</p>;
}
