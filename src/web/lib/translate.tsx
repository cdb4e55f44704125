import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import browserTranslator from './i18n.ts';
import { DEFAULT_NAMESPACE, type Translator } from './translator.ts';

/**
 * The React side of the translator (lib/translator.ts), shaped like react-i18next's
 * `useTranslation` so components only import it from here. Components re-render when the
 * language changes.
 */

export type { TFunction, TOptions, Translator } from './translator.ts';

/** The browser's translator unless a provider gives another (the server renderer, one per language). */
const TranslatorContext = createContext<Translator>(browserTranslator);

export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

/**
 * `t` reads keys of `namespace` (the first one given; others by "ns:key", `common` as the
 * fallback) in the active language; it is a new function after each language change, so
 * memos that depend on it are renewed.
 */
export function useTranslation(namespace: string | readonly string[] = DEFAULT_NAMESPACE) {
  const i18n = useContext(TranslatorContext);
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language, () => i18n.language);
  const first = (typeof namespace === 'string' ? namespace : namespace[0]) ?? DEFAULT_NAMESPACE;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new t per language, like react-i18next
  const t = useMemo(() => i18n.getFixedT(first), [i18n, first, language]);
  return { t, i18n, ready: true as const };
}
