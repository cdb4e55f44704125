import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FieldErrors, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { parseDecimalInput } from '#shared/decimal-input.ts';

/**
 * The rule every form follows (docs/input-rules.md "Every form saves, or says why"):
 * a submit either sends its request, or says why beside a visible field and moves focus
 * there. An error on a field that is not on screen (a mode not chosen, a collapsed section)
 * must never end in silence: the form then shows its own message and focuses it.
 */

/** The dotted paths of every error in `errors`, in the order the fields were registered. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'root' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && 'type' in value && 'message' in value) out.push(path);
    else if (typeof value === 'object') out.push(...errorPaths(value as FieldErrors, path));
  }
  return out;
}

/** The field named `path` in `form` when a person can see and reach it. */
export function visibleField(form: HTMLFormElement | null, path: string): HTMLElement | null {
  if (!form) return null;
  const field = form.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]`);
  if (!field || !field.isConnected || field.closest('[hidden], [aria-hidden="true"], [inert]')) return null;
  if (field instanceof HTMLInputElement && field.type === 'hidden') return null;
  return field;
}

export interface SubmitOrSay {
  /** Spread on the <form>: noValidate, its ref and onSubmit. */
  formProps: { ref: RefObject<HTMLFormElement | null>; noValidate: true; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  /** True when the last submit was refused for a field not on screen (render <FormRefusal>). */
  refusedHidden: boolean;
  /** Give this to <FormRefusal> so focus can move to it. */
  messageRef: RefObject<HTMLParagraphElement | null>;
}

/**
 * handleSubmit with the rule above: a valid form calls `onValid`; a refused one focuses the
 * first refused field that is on screen (its message is beside it, aria-describedby), or, when
 * none is, shows the form's own message and focuses that.
 */
export function useSubmitOrSay<TInput extends FieldValues, TOutput extends FieldValues>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  onValid: SubmitHandler<TOutput>,
): SubmitOrSay {
  const formRef = useRef<HTMLFormElement | null>(null);
  const messageRef = useRef<HTMLParagraphElement | null>(null);
  /** How many submits were refused for a field not on screen; 0 when the last one was not. */
  const [hiddenRefusals, setHiddenRefusals] = useState(0);
  useEffect(() => {
    // Once React has rendered the message.
    if (hiddenRefusals > 0) messageRef.current?.focus();
  }, [hiddenRefusals]);
  const onSubmit = useCallback((event: FormEvent<HTMLFormElement>) => {
    void form.handleSubmit((values, submitEvent) => {
      setHiddenRefusals(0);
      return onValid(values, submitEvent);
    }, (errors) => {
      const paths = errorPaths(errors);
      const field = paths.map((path) => visibleField(formRef.current, path)).find(Boolean);
      if (field) {
        setHiddenRefusals(0);
        field.focus();
        return;
      }
      setHiddenRefusals((n) => n + 1);
    })(event);
  }, [form, onValid]);
  return { formProps: { ref: formRef, noValidate: true, onSubmit }, refusedHidden: hiddenRefusals > 0, messageRef };
}

/**
 * Text typed as a number in `language` ("450,50" in sr and ru, "450.50" in en): the number,
 * `empty` for nothing typed, NaN (refused by any number schema) for text that is not a number.
 */
export function readDecimal<E extends null | undefined>(text: string | null | undefined, language: string, empty: E): number | E {
  if (text === null || text === undefined || text.trim() === '') return empty;
  return parseDecimalInput(text, language) ?? Number.NaN;
}

/** True when `text` was typed but is not a number in `language`. */
export function isNotANumber(text: string | null | undefined, language: string): boolean {
  return Number.isNaN(readDecimal(text, language, null));
}

/**
 * The first field in `container` marked refused (`aria-invalid="true"`) that a person can see and
 * reach: for forms that keep their own errors rather than react-hook-form's. A refusal that
 * belongs to no field (a household's subtotal below its minimum order) is a message marked
 * `data-refused="true"` with `tabIndex={-1}`, in document order with the fields.
 */
export function firstRefusedField(container: HTMLElement | null): HTMLElement | null {
  if (!container) return null;
  for (const field of container.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-refused="true"]')) {
    if (field.closest('[hidden], [aria-hidden="true"], [inert]')) continue;
    if (field instanceof HTMLInputElement && field.type === 'hidden') continue;
    // A group (a star picker's radiogroup) takes the focus on its own tab stop.
    if (field.dataset.refused === 'true') return field;
    if (field.tabIndex < 0) return field.querySelector<HTMLElement>('[tabindex="0"]') ?? field.querySelector<HTMLElement>('input, select, textarea, button') ?? field;
    return field;
  }
  return null;
}

/**
 * The same rule for a form that keeps its own errors: call `refuse()` when a submit is refused;
 * once React has rendered the messages, the first refused field inside `ref` gets the focus (its
 * message beside it, `aria-describedby`, `role="alert"`).
 */
export function useFocusRefused<T extends HTMLElement = HTMLFormElement>(): { ref: RefObject<T | null>; refuse: () => void } {
  const ref = useRef<T | null>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) firstRefusedField(ref.current)?.focus();
  }, [refusals]);
  const refuse = useCallback(() => setRefusals((n) => n + 1), []);
  return { ref, refuse };
}
