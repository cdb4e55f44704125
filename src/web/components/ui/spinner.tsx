import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** A loading indicator announced to screen readers by its label. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center justify-center">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-primary motion-reduce:animate-none', className)} />
    </span>
  );
}
