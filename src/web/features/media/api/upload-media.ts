import { useCallback, useRef, useState } from 'react';
import { LIMITS } from '#shared/constants.ts';
import type { MediaUpload } from '#shared/contracts/media.ts';
import { api, ApiError, errorMessage } from '#web/lib/api-client.ts';

export type MediaKind = 'image' | 'imageOrVideo';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** The `accept` attribute of a file input for this kind of upload. */
export function acceptFor(kind: MediaKind): string {
  return (kind === 'image' ? IMAGE_TYPES : [...IMAGE_TYPES, ...VIDEO_TYPES]).join(',');
}

/**
 * A quick check in the browser so a wrong file gets its message at once; the server
 * checks the content again and is the one that decides (src/server/features/media/media.service.ts).
 */
export function precheckFile(file: File, kind: MediaKind): ApiError | null {
  const isImage = IMAGE_TYPES.includes(file.type);
  const isVideo = VIDEO_TYPES.includes(file.type);
  // An empty type (some systems) is left to the server.
  if (file.type && !isImage && !(kind === 'imageOrVideo' && isVideo)) {
    return new ApiError(415, 'media.unsupported_type', errorMessage('media.unsupported_type', undefined, undefined));
  }
  const max = isVideo || (!isImage && kind === 'imageOrVideo') ? LIMITS.videoMaxBytes : LIMITS.imageMaxBytes;
  if (file.size > max) return new ApiError(413, 'media.too_large', errorMessage('media.too_large', undefined, undefined));
  return null;
}

/** POST /api/media with upload progress (multipart, through the API client). `onProgress` gets 0..1. */
export function uploadMedia(file: File, options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<MediaUpload> {
  const form = new FormData();
  form.append('file', file);
  return api.media.upload({ form, ...options });
}

export interface UploadState {
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  error: ApiError | null;
  isUploading: boolean;
}

/** Upload state for one field: progress, error, and cancelling the previous upload on a new one. */
export function useUploadMedia(kind: MediaKind) {
  const [state, setState] = useState<UploadState>({ progress: null, error: null, isUploading: false });
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(async (file: File): Promise<MediaUpload | null> => {
    controller.current?.abort();
    const refused = precheckFile(file, kind);
    if (refused) {
      setState({ progress: null, error: refused, isUploading: false });
      return null;
    }
    const current = new AbortController();
    controller.current = current;
    setState({ progress: 0, error: null, isUploading: true });
    try {
      const result = await uploadMedia(file, {
        signal: current.signal,
        onProgress: (fraction) => setState((s) => (controller.current === current ? { ...s, progress: fraction } : s)),
      });
      if (controller.current === current) setState({ progress: null, error: null, isUploading: false });
      return result;
    } catch (error) {
      if (controller.current !== current || (error instanceof DOMException && error.name === 'AbortError')) return null;
      const apiError = error instanceof ApiError ? error : new ApiError(0, 'request_failed', errorMessage(undefined, undefined, undefined));
      setState({ progress: null, error: apiError, isUploading: false });
      return null;
    }
  }, [kind]);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ progress: null, error: null, isUploading: false });
  }, []);

  return { ...state, upload, reset };
}
