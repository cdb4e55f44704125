import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** Decorative placeholder; the surrounding region should say it is loading (aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
