import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { toSerbianLatinDeep } from '../../src/shared/serbian-latin.ts';

const VIRTUAL_ID = 'virtual:sr-latn-locales';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** Language names are shown in their own language and script, in every language. */
const KEPT_KEYS = new Set(['languages']);

/**
 * `virtual:sr-latn-locales`: the Cyrillic locale files (src/web/locales/sr/*.json) transliterated
 * to Serbian Latin when the app is built (and on each change in development), keyed like an
 * `import.meta.glob` of the Cyrillic folder so src/web/lib/i18n.ts reads both the same way.
 */
export function serbianLatinLocales(localesDir: string): Plugin {
  const cyrillicDir = path.join(localesDir, 'sr');
  return {
    name: 'domace:sr-latn-locales',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
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
