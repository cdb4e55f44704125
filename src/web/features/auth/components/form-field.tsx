import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** A labelled input: every control is reachable by its visible label. */
export function FormField({ label, hint, id: givenId, ...props }: ComponentProps<'input'> & { label: string; hint?: ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hintId} {...props} />
      {hint && <p id={hintId} className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The one validation message of a form (spec section 5 gives one message per rule). */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <p role="alert" className="text-sm font-medium text-destructive">{message}</p>;
}

