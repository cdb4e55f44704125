// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Feature names are the same in every layer (docs/architecture.md, Layers). */
export const FEATURES = [
  'auth', 'catalog', 'households', 'stories', 'reviews', 'follows',
  'basket', 'checkout', 'orders', 'producer', 'media', 'buyers', 'standing',
];

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
  return FEATURES.map((feature) => {
    const others = FEATURES.filter((f) => f !== feature).join('|');
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
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'test/**', 'src/server/main.ts', 'src/server/db/seed/**', 'src/server/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
