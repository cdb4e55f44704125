import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/**
 * A labelled input: every control is reachable by its visible label. With `error` the input is
 * marked invalid (aria-invalid, red border) and the message is shown under it and read with it;
 * with `announce` the message is also spoken when it appears (a form without one message of its own).
 */
export function FormField({ label, hint, error, announce, id: givenId, ...props }: ComponentProps<'input'> & { label: string; hint?: ReactNode; error?: string | undefined; announce?: boolean }) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...props} />
      {error && <p id={errorId} role={announce ? 'alert' : undefined} className="text-sm font-medium text-destructive">{error}</p>}
      {hint && <p id={hintId} className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The one validation message of a form (docs/product.md gives one message per rule). */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <p role="alert" className="text-sm font-medium text-destructive">{message}</p>;
}

