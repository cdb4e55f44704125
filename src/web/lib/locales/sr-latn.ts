/**
 * Serbian in the Latin script: every namespace of the Cyrillic texts (locales/sr/*.json),
 * transliterated when the app is built (vite.config.ts, serbianLatinLocales). Nothing here is
 * written by hand.
 */
export { default } from 'virtual:sr-latn-locales';
