import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES, textLanguage } from '../../src/shared/constants.ts';
import { toSerbianLatinDeep } from '../../src/shared/serbian-latin.ts';

const VIRTUAL_ID = 'virtual:sr-latn-locales';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const START_FAILED_ID = 'virtual:start-failed-texts';
const RESOLVED_START_FAILED_ID = `\0${START_FAILED_ID}`;
/** Language names are shown in their own language and script, in every language. */
const KEPT_KEYS = new Set(['languages']);

/**
 * `virtual:sr-latn-locales`: the Cyrillic locale files (src/web/locales/sr/*.json) transliterated
 * to Serbian Latin when the app is built (and on each change in development), keyed like an
 * `import.meta.glob` of the Cyrillic folder so src/web/lib/i18n.ts reads both the same way.
 *
 * `virtual:start-failed-texts`: the two texts the boot script shows, without the app's
 * translator, when the app's code cannot be loaded (common.json's appError.chunkMessage and
 * appError.reload), in every language: a few hundred bytes instead of the locale files.
 */
export function serbianLatinLocales(localesDir: string): Plugin {
  const cyrillicDir = path.join(localesDir, 'sr');
  return {
    name: 'domace:sr-latn-locales',
    resolveId(id) {
      if (id === START_FAILED_ID) return RESOLVED_START_FAILED_ID;
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id === RESOLVED_START_FAILED_ID) {
        const texts: Record<string, { chunkMessage: string; reload: string }> = {};
        for (const language of LANGUAGES) {
          const file = path.join(localesDir, textLanguage(language), 'common.json');
          this.addWatchFile(file);
          const { chunkMessage, reload } = (JSON.parse(fs.readFileSync(file, 'utf8')) as { appError: { chunkMessage: string; reload: string } }).appError;
          texts[language] = language === 'sr-Latn' ? toSerbianLatinDeep({ chunkMessage, reload }) : { chunkMessage, reload };
        }
        return `export default ${JSON.stringify(texts)};`;
      }
      if (id !== RESOLVED_ID) return undefined;
      const files: Record<string, unknown> = {};
      for (const name of fs.readdirSync(cyrillicDir).filter((file) => file.endsWith('.json')).sort()) {
        const file = path.join(cyrillicDir, name);
        this.addWatchFile(file);
        files[`../../locales/sr-Latn/${name}`] = toSerbianLatinDeep(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown, KEPT_KEYS);
      }
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
