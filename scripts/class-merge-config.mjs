#!/usr/bin/env node
// Writes src/web/lib/class-merge-config.ts: tailwind-merge's default configuration trimmed to
// the class groups that the app's classes can belong to (docs/decisions/0045-start-when-needed.md,
// The app's start, lighter).
// The full configuration is most of tailwind-merge's size (8.4 KB gzip in all, the merge itself
// 2 KB), and cn() is in the first load: trimmed, the two are 4.6 KB. A group is kept when, on its own, it
// recognises one of the classes the source names (scripts/lib/class-tokens.mjs), so every group
// that could claim one of them is kept, in tailwind-merge's own order: each class is read as the
// full configuration reads it. Run again after adding classes of a kind the app did not use
// (src/web/lib/class-merge.test.ts says when):
//   node scripts/class-merge-config.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTailwindMerge, getDefaultConfig, validators } from 'tailwind-merge';
import { sourceClassTokens } from './lib/class-tokens.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'src/web/lib/class-merge-config.ts');
const full = getDefaultConfig();
/** An arbitrary property (`[overflow-wrap:anywhere]`) is recognised by any configuration. */
const isArbitraryProperty = (token) => token.replace(/^.*:(?![^[]*\])/, '').replace(/^!/, '').startsWith('[');
const tokens = sourceClassTokens(root).filter((token) => !isArbitraryProperty(token));

const kept = Object.keys(full.classGroups).filter((id) => {
  const alone = createTailwindMerge(() => ({ ...full, classGroups: { [id]: full.classGroups[id] }, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
  return tokens.some((token) => alone(`${token} ${token}`) === token);
});
const keep = new Set(kept);

const validatorName = new Map(Object.entries(validators).map(([name, fn]) => [fn, name]));
function themeKey(getter) {
  let key;
  getter(new Proxy({}, { get: (_target, name) => { key = name; return []; } }));
  return key;
}
const literal = (text) => (/['\\]/.test(text) ? JSON.stringify(text) : `'${text}'`);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));
function source(value, indent = '') {
  if (typeof value === 'function') {
    const name = validatorName.get(value);
    if (name) return `v.${name}`;
    if (value.isThemeGetter) return `fromTheme(${literal(themeKey(value))})`;
    throw new Error(`Unknown function in the configuration: ${value.toString().slice(0, 80)}`);
  }
  if (Array.isArray(value)) return `[${value.map((item) => source(item, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const inner = `${indent}  `;
    return `{\n${Object.entries(value).map(([name, item]) => `${inner}${key(name)}: ${source(item, inner)},`).join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? literal(value) : JSON.stringify(value);
}
const pick = (record, filterValues) => Object.fromEntries(Object.entries(record)
  .filter(([id]) => keep.has(id))
  .map(([id, list]) => [id, filterValues ? list.filter((other) => keep.has(other)) : list])
  .filter(([, list]) => list.length > 0));

const config = {
  cacheSize: full.cacheSize,
  theme: full.theme,
  classGroups: Object.fromEntries(kept.map((id) => [id, full.classGroups[id]])),
  conflictingClassGroups: pick(full.conflictingClassGroups, true),
  conflictingClassGroupModifiers: pick(full.conflictingClassGroupModifiers, true),
  postfixLookupClassGroups: (full.postfixLookupClassGroups ?? []).filter((id) => keep.has(id)),
  orderSensitiveModifiers: full.orderSensitiveModifiers,
};
fs.writeFileSync(OUT, `// Written by scripts/class-merge-config.mjs: tailwind-merge's default configuration, trimmed to
// the ${kept.length} class groups (of ${Object.keys(full.classGroups).length}) that the app's classes can belong to. Do not edit; run the script again.
import { fromTheme, validators as v } from 'tailwind-merge';

export const classMergeConfig = () => (${source(config)});
`);
console.log(`${path.relative(root, OUT)}: ${kept.length} of ${Object.keys(full.classGroups).length} class groups, from ${tokens.length} classes`);
