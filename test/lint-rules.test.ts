import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The dependency rules of docs/architecture.md fire on deliberate violations. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('dependency rules', () => {
  it('web never imports server', async () => {
    expect(await restrictedImports('src/web/app/routes/violation.tsx', "import { buildApp } from '#server/app.ts';\nexport const x = buildApp;\n"))
      .toEqual([expect.stringMatching(/web never imports server/)]);
    expect(await restrictedImports('src/web/lib/violation.ts', "import { x } from '../../server/db/schema.ts';\nexport const y = x;\n"))
      .toHaveLength(1);
  });

  it('server never imports web', async () => {
    expect(await restrictedImports('src/server/lib/violation.ts', "import { x } from '#web/lib/format.ts';\nexport const y = x;\n"))
      .toEqual([expect.stringMatching(/server never imports web/)]);
  });

  it('features do not import each other, by alias or relative path', async () => {
    expect(await restrictedImports('src/web/features/catalog/violation.ts', "import { useBasket } from '#web/features/basket/hooks/use-basket.ts';\nexport const y = useBasket;\n"))
      .toEqual([expect.stringMatching(/Features do not import each other/)]);
    expect(await restrictedImports('src/server/features/orders/violation.ts', "import { x } from '../catalog/catalog.repository.ts';\nexport const y = x;\n"))
      .toEqual([expect.stringMatching(/Features do not import each other/)]);
  });

  it('allows imports inside a feature and of shared code', async () => {
    expect(await restrictedImports('src/server/features/orders/ok.ts', "import { a } from './orders.repository.ts';\nimport { b } from '#shared/money.ts';\nexport const y = [a, b];\n"))
      .toEqual([]);
  });

  it('shared imports nothing but zod', async () => {
    expect(await restrictedImports('src/shared/violation.ts', "import fs from 'node:fs';\nexport const y = fs;\n")).toHaveLength(1);
  });

  it('the web app writes no API URL outside its client module', async () => {
    const lint = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    expect(await lint('src/web/features/catalog/api/violation.ts', "export const url = '/api/products';\n")).toEqual([expect.stringMatching(/through api\./)]);
    expect(await lint('src/web/features/catalog/api/violation.ts', 'export const url = (id: string) => `/api/products/${id}`;\n')).toHaveLength(1);
    expect(await lint('src/web/features/catalog/api/fine.ts', "export const page = '/product/1';\n")).toEqual([]);
  });
});

describe('floors (docs/layers.md)', () => {
  const FEATURE = /Floors below the features do not import a feature/;

  it('guard every feature folder, also those added after the rule was written', async () => {
    for (const feature of ['admin', 'messages', 'notifications', 'saved', 'reports']) {
      expect(await restrictedImports(`src/web/features/${feature}/violation.ts`, "import { x } from '#web/features/catalog/api/get-product.ts';\nexport const y = x;\n"), feature)
        .toEqual([expect.stringMatching(/Features do not import each other/)]);
    }
    expect(await restrictedImports('src/web/features/catalog/violation.ts', "import { x } from '#web/features/reports/api/x.ts';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restrictedImports('src/server/features/admin/violation.ts', "import { x } from '../notifications/notifications.service.ts';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('keep the web lib and components from importing a feature', async () => {
    expect(await restrictedImports('src/web/lib/violation.ts', "import { x } from '#web/features/basket/hooks/use-basket.ts';\nexport const y = x;\n")).toEqual([expect.stringMatching(FEATURE)]);
    expect(await restrictedImports('src/web/components/ui/violation.tsx', "import { x } from '../../features/auth/x.ts';\nexport const y = x;\n")).toEqual([expect.stringMatching(FEATURE)]);
  });

  it('keep the server lib, db and plugins from importing a feature', async () => {
    for (const floor of ['lib', 'db', 'plugins']) {
      expect(await restrictedImports(`src/server/${floor}/violation.ts`, "import { x } from '../features/orders/orders.service.ts';\nexport const y = x;\n"), floor)
        .toEqual([expect.stringMatching(FEATURE)]);
    }
  });

  it('keep db below lib and plugins, and lib below plugins', async () => {
    expect(await restrictedImports('src/server/db/violation.ts', "import { x } from '../lib/errors.ts';\nexport const y = x;\n")).toEqual([expect.stringMatching(/db is below lib/)]);
    expect(await restrictedImports('src/server/db/violation.ts', "import { x } from '#server/plugins/auth.ts';\nexport const y = x;\n")).toHaveLength(1);
    expect(await restrictedImports('src/server/lib/violation.ts', "import { x } from '../plugins/auth.ts';\nexport const y = x;\n")).toEqual([expect.stringMatching(/lib is below plugins/)]);
    // Downwards is the way: lib reads the db, everything reads config and shared.
    expect(await restrictedImports('src/server/lib/ok.ts', "import { x } from '../db/schema.ts';\nimport { r } from '../config/root.ts';\nexport const y = [x, r];\n")).toEqual([]);
    expect(await restrictedImports('src/server/db/ok.ts', "import { r } from '../config/root.ts';\nimport { t } from '#shared/time.ts';\nexport const y = [r, t];\n")).toEqual([]);
  });
});
