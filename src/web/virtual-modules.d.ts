/** Serbian Latin texts generated from the Cyrillic ones at build time (scripts/vite/serbian-latin-locales.ts). */
declare module 'virtual:sr-latn-locales' {
  const files: Record<string, Record<string, unknown>>;
  export default files;
}
