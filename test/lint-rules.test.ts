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
