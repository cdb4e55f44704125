/** Serbian Latin texts generated from the Cyrillic ones at build time (scripts/vite/serbian-latin-locales.ts). */
declare module 'virtual:sr-latn-locales' {
  const files: Record<string, Record<string, unknown>>;
  export default files;
}

/** What the boot script says when the app's code cannot be loaded, per language (scripts/vite/serbian-latin-locales.ts). */
declare module 'virtual:start-failed-texts' {
  import type { Language } from '#shared/constants.ts';
  const texts: Record<Language, { chunkMessage: string; reload: string }>;
  export default texts;
}
