// The Tailwind classes the web app's source names (src/web, tests aside): every word of a string
// literal that looks like a utility class. Read by scripts/class-merge-config.mjs, which keeps
// the class groups these belong to, and by src/web/lib/class-merge.test.ts, which checks that
// the trimmed merge treats each of them as tailwind-merge's full one does.
import fs from 'node:fs';
import path from 'node:path';

const CLASS = /^[!a-z0-9@[\]:/.\-_%&>*()#,=]+$/;
const BARE = /^(flex|grid|block|hidden|inline|relative|absolute|fixed|sticky|border|rounded|shadow|truncate|underline|uppercase|lowercase|capitalize|italic|contents|outline|ring|grow|shrink|transition|container|sr-only|peer|group|table|invisible|visible|isolate|transform|filter|static)$/;

/** @param {string} root the repository's root */
export function sourceClassTokens(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(root, 'src/web'));
  const tokens = new Set();
  for (const file of files.sort()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
      for (const word of match[2].split(/\s+|\$\{|\}/)) {
        if (CLASS.test(word) && (word.includes('-') || BARE.test(word))) tokens.add(word);
      }
    }
  }
  return [...tokens].sort();
}
