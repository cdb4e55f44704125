import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FieldErrors, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { parseDecimalInput } from '#shared/decimal-input.ts';
import { TEXT_NOT_ALLOWED_MESSAGE, isCleanText } from '#shared/contracts/fields.ts';
import { isApiError, type ApiError } from './api-client.ts';
import i18n from './i18n.ts';

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

/** One field the server refused: which rule (`ServerRefusal`'s rules) and what to say beside it. */
export interface FieldRefusal {
  /**
   * The contract's rule by zod's issue code (`too_small`, `too_big`, `invalid_type`, `custom`,
   * ...; src/shared/contracts/error-details.ts), `character` for a character no text field
   * takes, `server` for a refusal of the server's own rule (a 409 conflict, a service's check).
   */
  rule: string;
  /** In the visitor's language: the form's own text for the rule, else a translated one; never the server's English in sr or ru. */
  message: string;
}

/** What a form reads from a failed request (`readRefusal`). */
export interface ServerRefusal {
  /** By the form's field names, in the order the server named them; only fields the form has. */
  fields: Record<string, FieldRefusal>;
  /** The form's first refused field (the one to focus), or null when no field of the form was named. */
  first: string | null;
  /** The failure as a whole in the visitor's language (for a toast when no field holds it). */
  message: string;
  /** The answer's code (`validation_failed`, `network`, ...); null for a failure that is not the API's. */
  code: string | null;
}

export interface ReadRefusalOptions {
  /**
   * The form's fields: a list of names (the API's names are the form's), a map from the API's
   * dotted path to the form's name, or a function (undefined: not a field of this form). A
   * refusal of a field the form does not have is said by `message` only.
   */
  fields: readonly string[] | Readonly<Record<string, string>> | ((apiField: string) => string | undefined);
  /** The form's own text for `rule` on `field` (`code`: the answer's), the one its check before sending shows; undefined: none. */
  text?: (field: string, rule: string, code: string) => string | undefined;
  /** `message` for a failure that is not the API's (a bug, not an answer); default "Request failed". */
  fallback?: string;
}

/** A body from outside is read only this far: a hostile or broken answer costs nothing. */
const MAX_DETAILS = 50;
const MAX_FIELD_LENGTH = 200;
/** The server's English is shown (in en only) when it is a sentence, not a page of text. */
const MAX_SERVER_TEXT = 300;
const RULE = /^[a-z][a-z_]{0,39}$/;
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** The server's English text when the visitor reads English and it is short clean text; else undefined. */
function englishText(text: unknown): string | undefined {
  return i18n.language === 'en' && typeof text === 'string' && text.trim() !== '' && text.length <= MAX_SERVER_TEXT && isCleanText(text) ? text : undefined;
}

/** The failure as a whole in the visitor's language: its code's text, else a generic one. */
function failureMessage(error: ApiError): string {
  if (i18n.exists(`errors:${error.code}`)) return i18n.t(`errors:${error.code}`);
  // An unknown code: the server's English is better than nothing for an English reader.
  const english = error.code === 'request_failed' ? undefined : englishText(error.message);
  if (english) return english;
  return i18n.t(error.status === 400 ? 'errors:validation_failed' : 'errors:request_failed');
}

/**
 * THE reader of a server's refusal for every form: `{ error, code, details?: [{ field, message,
 * rule? }] }` (src/server/plugins/errors.ts) read into the messages beside the form's fields and
 * one for the form. Each field's message is, first found: the form's own text for the rule (the
 * same as its check before sending), the text of the answer's code when it is not a plain 400
 * (a 409 "more is already pre-ordered" on the limit), the shared text for a refused character,
 * the server's English when the visitor reads English, else a translated "check this field".
 * A network failure, a body that is not JSON or a detail that is not ours names no field.
 */
export function readRefusal(error: unknown, options: ReadRefusalOptions): ServerRefusal {
  const fields: Record<string, FieldRefusal> = {};
  if (!isApiError(error)) return { fields, first: null, message: options.fallback ?? i18n.t('errors:request_failed'), code: null };
  const { fields: known, text } = options;
  const fieldOf = typeof known === 'function'
    ? known
    : Array.isArray(known)
      ? (name: string) => (known.includes(name) ? name : undefined)
      : (name: string) => (Object.hasOwn(known, name) ? (known as Record<string, string>)[name] : undefined);
  const codeText = error.code !== 'validation_failed' && i18n.exists(`errors:${error.code}`) ? i18n.t(`errors:${error.code}`) : undefined;
  let first: string | null = null;
  for (const detail of error.details.slice(0, MAX_DETAILS) as unknown[]) {
    if (!detail || typeof detail !== 'object') continue;
    const { field: apiField, message: serverText, rule: sent } = detail as { field?: unknown; message?: unknown; rule?: unknown };
    if (typeof apiField !== 'string' || apiField.length > MAX_FIELD_LENGTH) continue;
    const field = fieldOf(apiField);
    if (!field || UNSAFE_KEYS.has(field) || Object.hasOwn(fields, field)) continue;
    const rule = serverText === TEXT_NOT_ALLOWED_MESSAGE ? 'character' : typeof sent === 'string' && RULE.test(sent) ? sent : 'server';
    const message = text?.(field, rule, error.code)
      ?? codeText
      ?? (rule === 'character' ? i18n.t('common:fieldRefused.character') : undefined)
      ?? englishText(serverText)
      ?? i18n.t('common:fieldRefused.check');
    fields[field] = { rule, message };
    first ??= field;
  }
  return { fields, first, message: failureMessage(error), code: error.code };
}
