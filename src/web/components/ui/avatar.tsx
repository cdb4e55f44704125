import { createContext, useContext, useState, type ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * The shadcn/ui avatar without its Radix dependency (story circles are on the first page,
 * inside the bundle budget): the fallback shows until the picture has loaded, and stays when
 * it fails (the picture is then removed).
 */
type Status = 'loading' | 'loaded' | 'error';
const AvatarContext = createContext<{ status: Status; setStatus: (status: Status) => void }>({ status: 'error', setStatus: () => {} });

export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  const [status, setStatus] = useState<Status>('error');
  return (
    <AvatarContext.Provider value={{ status, setStatus }}>
      <span data-slot="avatar" className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)} {...props} />
    </AvatarContext.Provider>
  );
}

export function AvatarImage({ className, src, onLoad, onError, ...props }: ComponentProps<'img'>) {
  const { status, setStatus } = useContext(AvatarContext);
  const [failedSrc, setFailedSrc] = useState<string | undefined>(undefined);
  if (!src || failedSrc === src) return null;
  return (
    <img
      data-slot="avatar-image"
      src={src}
      ref={(img) => {
        // The picture may have loaded, or failed, before React listened for its events (cached,
        // or while the server's page waited for the app).
        if (img?.complete && img.naturalWidth > 0 && status !== 'loaded') setStatus('loaded');
        else if (img?.complete && img.naturalWidth === 0) setFailedSrc(src);
        else if (img && !img.complete && status === 'error') setStatus('loading');
      }}
      onLoad={(event) => {
        setStatus('loaded');
        onLoad?.(event);
      }}
      onError={(event) => {
        setFailedSrc(src);
        setStatus('error');
        onError?.(event);
      }}
      // Shown as it arrives, above the fallback (a picture still loading paints nothing, so the
      // fallback shows through): the server's page shows it too, before the app has started.
      className={cn('absolute inset-0 aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  const { status } = useContext(AvatarContext);
  if (status === 'loaded') return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn('flex size-full items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground', className)}
      {...props}
    />
  );
}
