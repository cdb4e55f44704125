import type { ReactNode } from 'react';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { cn } from '#web/lib/utils.ts';

/** The page's one h1, also used as the document title. */
export function PageHeader({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  usePageTitle(title);
  return (
    <div className={cn('mb-4 flex flex-col gap-1', className)}>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}
