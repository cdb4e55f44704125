import type { ReactNode } from 'react';
import type { Household, Slots } from '#shared/contracts/households.ts';
import type { Choice, ChoiceErrors } from '../lib/choice.ts';

/** What every part of a household's choice gets: ids start with `id`, `set` changes some fields. */
export interface ChoicePartProps {
  id: string;
  household: Household;
  slots: Slots;
  choice: Choice;
  errors: ChoiceErrors;
  set: (patch: Partial<Choice>) => void;
}

/** Shown above the delivery address (the saved addresses, another feature): `fill` puts one in. */
export type AddressPicker = (fill: (address: string, options?: { onlyIfEmpty?: boolean }) => void) => ReactNode;

export const radioCard = 'flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';
export const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The error of a field, read by screen readers through the field's aria-describedby. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} role="alert" className="text-sm text-destructive">{text}</p> : null;
}

/** The aria props of a field with a possible error, and the error's element. */
export function fieldA11y(props: Pick<ChoicePartProps, 'id' | 'errors'>, name: keyof Choice) {
  const text = props.errors[name];
  const errorId = `${props.id}-${name}-error`;
  return {
    aria: { 'aria-invalid': !!text, 'aria-describedby': text ? errorId : undefined },
    error: <FieldError id={errorId} text={text} />,
  };
}

/**
 * A refused group of radios (a pickup point, a drop, the payment): every radio that can be
 * chosen is marked and names the group's message, so the focus goes to the first of them
 * (src/web/lib/form.ts `firstRefusedField`) and a screen reader hears why.
 */
export function radioGroupA11y(id: string, name: string, text: string | undefined) {
  const errorId = `${id}-${name}-error`;
  return {
    aria: { 'aria-invalid': !!text, 'aria-describedby': text ? errorId : undefined },
    error: <FieldError id={errorId} text={text} />,
  };
}
