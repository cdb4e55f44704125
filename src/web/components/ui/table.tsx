import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

export interface TableColumn {
  label: ReactNode;
  align?: 'right';
  className?: string;
}

/**
 * A desktop data table: a bordered frame that scrolls sideways when the table is wider than
 * the screen, and a header row of column headers. Rows are the caller's (`children`);
 * `printHide` leaves the table out of a printed page (the orders tab prints its own list).
 */
export function DataTable({ columns, children, printHide, className, ...props }: ComponentProps<'table'> & { columns: TableColumn[]; printHide?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border" data-print-hide={printHide || undefined}>
      <table {...props} className={cn('w-full text-sm', className)}>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn('px-3 py-2 font-medium', column.align === 'right' && 'text-right', column.className)}>{column.label}</th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
