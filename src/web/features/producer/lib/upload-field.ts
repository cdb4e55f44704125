import type { ComponentType } from 'react';
import type { MediaUpload } from '#shared/contracts/media.ts';

/**
 * The upload control this feature needs. Features do not import each other, so the route
 * hands in the media feature's field (docs/architecture.md).
 */
export interface UploadFieldProps {
  id?: string;
  label: string;
  kind: 'image' | 'imageOrVideo';
  value: { url: string; type: 'image' | 'video' } | null;
  onUploaded: (media: MediaUpload) => void;
  onRemove?: () => void;
  onUploadingChange?: (isUploading: boolean) => void;
  hint?: string;
  disabled?: boolean;
  round?: boolean;
  /** The form's refusal of this field, shown beside it (docs/input-rules.md). */
  error?: string | undefined;
}
export type UploadField = ComponentType<UploadFieldProps>;
