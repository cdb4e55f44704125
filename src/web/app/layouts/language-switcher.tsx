import { useId } from 'react';
import { ChevronDown, Languages } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { LANGUAGES } from '#shared/constants.ts';
import { lazyToast } from '#web/lib/lazy-toast.ts';
import { whenIdle } from '#web/lib/when-idle.ts';
import { cn } from '#web/lib/utils.ts';

/** The longest a language change waits for the page to finish hydrating. */
const SWITCH_WAIT_MS = 5_000;

const SHORT_NAMES = { sr: 'СР', 'sr-Latn': 'SR', en: 'EN', ru: 'RU' } as const;

/**
 * A native select (accessible by default, the platform's own picker on phones) laid invisibly
 * over a compact face, so the header fits a 390 px screen. Names are shown in their own language.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = i18n.language;

  return (
    <div
      className={cn(
        'relative inline-flex h-9 items-center gap-1 rounded-md border border-input bg-card px-2 text-sm font-medium shadow-xs focus-within:ring-[3px] focus-within:ring-ring hover:bg-accent',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4 text-muted-foreground" />
      <span aria-hidden="true" className="sm:hidden">
        {SHORT_NAMES[current]}
      </span>
      <span aria-hidden="true" lang={current} className="hidden sm:inline">
        {t(`languages.${current}`)}
      </span>
      <ChevronDown aria-hidden="true" className="size-3.5 text-muted-foreground" />
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <select
        id={id}
        value={current}
        // The other language's texts are downloaded first; without a connection the page stays
        // in this one, and says why. Right after the page loaded React may still be hydrating
        // parts of it (each product card): they must hydrate in the language the server rendered
        // them in, so the change waits for the browser's first idle moment (at once afterwards).
        onChange={(event) => {
          const language = event.target.value;
          whenIdle(() => { i18n.changeLanguage(language).catch(() => lazyToast.error(t('errors:network'))); }, SWITCH_WAIT_MS);
        }}
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 focus-visible:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
