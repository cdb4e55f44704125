/** Every namespace of this language in one chunk, loaded by lib/i18n.ts when it is needed. */
export default import.meta.glob<Record<string, unknown>>('../../locales/sr/*.json', { eager: true, import: 'default' });
