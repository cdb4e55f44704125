import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { visibleField } from './form.ts';

/**
 * "Every form saves, or says why" (docs/input-rules.md) for a form that keeps its own values and
 * errors; `useSubmitOrSay` in ./form.ts is the same rule for react-hook-form.
 */
export interface SayWhy {
  /** Put on the <form> (with noValidate): its fields are found by their `name`. */
  formRef: RefObject<HTMLFormElement | null>;
  /** True when the last refusal named no field on screen (render <FormRefusal>). */
  refusedHidden: boolean;
  /** Give this to <FormRefusal> so focus can move to it. */
  messageRef: RefObject<HTMLParagraphElement | null>;
  /**
   * A submit was refused for the fields at `paths` (their `name`s, in the form's order): once
   * their messages are rendered, the first on screen gets the focus; none on screen, the form's
   * own message shows and gets it. An empty list clears the refusal.
   */
  say: (paths: string[]) => void;
}

/**
 * The same rule as `useSubmitOrSay` for a form that keeps its values and errors itself (lists
 * of pickup points, files, a server's field errors): the caller sets its messages beside the
 * fields (`role="alert"`, `aria-describedby`) and calls `say` with the refused paths.
 */
export function useSayWhy(): SayWhy {
  const formRef = useRef<HTMLFormElement | null>(null);
  const messageRef = useRef<HTMLParagraphElement | null>(null);
  const [refusal, setRefusal] = useState<{ paths: string[]; hidden: boolean; count: number }>({ paths: [], hidden: false, count: 0 });
  useEffect(() => {
    // Runs once React has rendered the messages the caller set with the refusal.
    if (refusal.paths.length === 0) return;
    if (refusal.hidden) {
      messageRef.current?.focus();
      return;
    }
    const field = refusal.paths.map((path) => visibleField(formRef.current, path)).find(Boolean);
    if (field) field.focus();
    else setRefusal((r) => ({ ...r, hidden: true }));
  }, [refusal]);
  const say = useCallback((paths: string[]) => setRefusal((r) => ({ paths, hidden: false, count: r.count + 1 })), []);
  return { formRef, refusedHidden: refusal.hidden && refusal.paths.length > 0, messageRef, say };
}
