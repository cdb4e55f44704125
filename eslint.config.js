// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The feature folders of a layer, as they are on disk: a new feature is guarded at once. */
const featuresOf = (layer) => fs.readdirSync(new URL(`./src/${layer}/features/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
/** Feature names are the same in every layer (docs/architecture.md, Layers); some exist in one only. */
export const FEATURES = { server: featuresOf('server'), web: featuresOf('web') };

/**
 * The floors below the features (docs/layers.md): they never import a feature, and the server's
 * floors import only downwards: db below lib, lib below plugins.
 */
const FEATURE_IMPORT = { regex: '^#(server|web)/features/|(^|/)features/', message: 'Floors below the features do not import a feature (docs/layers.md)' };
const FLOORS = [
  { files: ['src/web/lib/**/*.{ts,tsx}', 'src/web/components/**/*.{ts,tsx}'], layer: 'web', patterns: [FEATURE_IMPORT] },
  { files: ['src/server/plugins/**/*.ts'], layer: 'server', patterns: [FEATURE_IMPORT] },
  { files: ['src/server/domain/**/*.ts'], layer: 'server', patterns: [FEATURE_IMPORT] },
  {
    files: ['src/server/lib/**/*.ts'], layer: 'server',
    patterns: [FEATURE_IMPORT, { regex: '^#server/plugins/|(^|/)plugins/', message: 'lib is below plugins (docs/layers.md)' }],
  },
  {
    // The seed is a tool above the floors (it hashes passwords like the app), as cli/ is.
    files: ['src/server/db/**/*.ts'], ignores: ['src/server/db/seed/**'], layer: 'server',
    patterns: [FEATURE_IMPORT, { regex: '^#server/(lib|plugins)/|(^|/)(lib|plugins)/', message: 'db is below lib and plugins: it imports neither (docs/layers.md)' }],
  },
];
function floors() {
  return FLOORS.map(({ files, ignores = [], layer, patterns }) => ({
    // A floor's tests may take a feature's real output as their sample (lib/mailer.test.ts).
    files, ignores: [...ignores, '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LAYER_RULE[layer], ...patterns] }] },
  }));
}

/**
 * Features never import each other: routes (web) and app.ts (server) compose them.
 * One block per feature and layer, forbidding every other feature's folder,
 * whether reached by alias (#web/features/x), absolute-ish path or relative path.
 */
const LAYER_RULE = {
  web: { regex: '^#server/|(^|/)server/', message: 'web never imports server (docs/architecture.md, Layers)' },
  server: { regex: '^#web/|(^|/)web/', message: 'server never imports web (docs/architecture.md, Layers)' },
};

function featureIsolation(layer) {
  const all = [...new Set([...FEATURES.server, ...FEATURES.web])];
  return FEATURES[layer].map((feature) => {
    const others = all.filter((f) => f !== feature).join('|');
    const message = 'Features do not import each other; compose them in app.ts (server) or a route (web).';
    return {
      files: [`src/${layer}/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [
            LAYER_RULE[layer],
            { regex: `^#(server|web)/features/(${others})(/|$)`, message },
            { regex: `^(\\.\\./)+(features/)?(${others})(/|$)`, message },
          ],
        }],
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'data/**', 'e2e/artifacts/**', 'test/fixtures/lint-violations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [LAYER_RULE.web] }],
    },
  },
  {
    // The web app reaches the API only through api.* of src/web/lib/api-client.ts, derived
    // from the endpoint registry (docs/architecture.md, Adding an endpoint).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api-client.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: 'Call the API through api.* (src/web/lib/api-client.ts), not a URL' },
        { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: 'Call the API through api.* (src/web/lib/api-client.ts), not a URL' },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [LAYER_RULE.server] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!zod$|zod/|\\.|#shared/)', message: 'shared imports nothing but zod and itself (docs/architecture.md, Layers)' }],
      }],
    },
  },
  ...featureIsolation('server'),
  ...featureIsolation('web'),
  ...floors(),
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'test/**', 'src/server/main.ts', 'src/server/db/seed/**', 'src/server/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
