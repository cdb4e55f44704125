import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Upload } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import type { MediaUpload } from '#shared/contracts/media.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/utils.ts';
import { acceptFor, useUploadMedia, type MediaKind } from '../api/upload-media.ts';

export interface MediaFieldValue {
  url: string;
  type: 'image' | 'video';
}

export interface MediaUploadFieldProps {
  id?: string;
  label: string;
  kind: MediaKind;
  /** What is shown now: the stored image, or the last upload. */
  value: MediaFieldValue | null;
  onUploaded: (media: MediaUpload) => void;
  /** Shown as a Remove button when given and there is a value. */
  onRemove?: () => void;
  onUploadingChange?: (isUploading: boolean) => void;
  hint?: string;
  disabled?: boolean;
  /** Round preview (avatars). */
  round?: boolean;
  /** The form's word on this field when a submit was refused (no file chosen): shown beside it, the field marked invalid. */
  error?: string | undefined;
}

/**
 * A file input that uploads at once (POST /api/media) with a progress bar, a preview and
 * the server's message when the file is refused.
 */
export function MediaUploadField({ id, label, kind, value, onUploaded, onRemove, onUploadingChange, hint, disabled, round, error: refusal }: MediaUploadFieldProps) {
  const { t } = useTranslation('producer');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { progress, error: uploadError, isUploading, upload, reset } = useUploadMedia(kind);
  // The upload's own refusal first; the form's while no upload said anything.
  const error = uploadError?.message ?? refusal;
  const [localPreview, setLocalPreview] = useState<MediaFieldValue | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);

  useEffect(() => {
    onUploadingChange?.(isUploading);
  }, [isUploading, onUploadingChange]);

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview.url);
  }, [localPreview]);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setChosenName(file.name);
    setLocalPreview({ url: URL.createObjectURL(file), type: file.type.startsWith('video/') ? 'video' : 'image' });
    const result = await upload(file);
    setLocalPreview(null);
    if (result) onUploaded(result);
    // The same file can be chosen again after a failure.
    if (inputRef.current) inputRef.current.value = '';
  }

  const shown = localPreview ?? value;
  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <div className="grid gap-2">
      <Label id={`${inputId}-label`} htmlFor={inputId}>{label}</Label>
      {shown ? (
        <div className={cn('relative w-fit overflow-hidden border bg-muted', round ? 'size-24 rounded-full' : 'rounded-lg')}>
          {shown.type === 'video' ? (
            <video src={shown.url} className={cn('object-cover', round ? 'size-24' : 'max-h-48 w-auto')} muted playsInline controls aria-label={t('media.preview')} />
          ) : (
            <img src={shown.url} alt={t('media.preview')} className={cn('object-cover', round ? 'size-24' : 'max-h-48 w-auto')} />
          )}
        </div>
      ) : null}
      {/* The native control's own texts ("Choose File", "No file chosen") follow the browser's
          language, not the app's: it is visually hidden behind a translated face. */}
      <div className="flex min-w-0 items-center gap-3">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptFor(kind)}
          onChange={(e) => void onChange(e)}
          disabled={disabled}
          // Named by the field's label alone, not also by the "Choose file" face.
          aria-labelledby={`${inputId}-label`}
          aria-describedby={cn(hint && hintId, error && errorId) || undefined}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-xs hover:bg-accent peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
        >
          <Upload aria-hidden="true" className="size-4" />
          {t('media.choose')}
        </label>
        {chosenName ? <span className="min-w-0 truncate text-sm text-muted-foreground">{chosenName}</span> : null}
      </div>
      {hint ? <p id={hintId} className="text-xs text-muted-foreground">{hint}</p> : null}
      {isUploading ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={t('media.uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">{t('media.progress', { percent })}</p>
        </div>
      ) : null}
      {error ? <p id={errorId} role="alert" className="text-sm text-destructive">{error}</p> : null}
      {value && onRemove && !isUploading ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => { reset(); onRemove(); }} disabled={disabled}>
          {t('media.remove')}
        </Button>
      ) : null}
    </div>
  );
}
