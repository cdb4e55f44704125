import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT as SERVER_ROOT } from '../src/server/config/root.ts';
import { SERVER_DIR, SERVER_ENTRY, buildServer, canBuildServer, serverBuildIsStale } from '../scripts/server-build.mjs';

/** What `npm start` runs (scripts/start.mjs): the server bundled into dist/server (ADR 0020). */
describe('the server build', () => {
  it('finds the project root from src/ as it does from dist/server', () => {
    expect(fs.existsSync(path.join(SERVER_ROOT, 'package.json'))).toBe(true);
    expect(path.relative(SERVER_ROOT, SERVER_DIR)).toBe(path.join('dist', 'server'));
  });

  it('builds plain JavaScript that imports only its own chunks, node: modules and packages, and is then current', async () => {
    expect(await canBuildServer()).toBe(true);
    // Twice at once, as two servers starting together would: every file is renamed into place.
    await Promise.all([buildServer(), buildServer()]);
    expect(serverBuildIsStale()).toBe(false);
    expect(fs.existsSync(SERVER_ENTRY)).toBe(true);
    const modules = fs.readdirSync(SERVER_DIR).filter((f) => f.endsWith('.mjs'));
    expect(fs.readdirSync(SERVER_DIR).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const specifiers = new Set<string>();
    for (const file of modules) {
      const text = fs.readFileSync(path.join(SERVER_DIR, file), 'utf8');
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)) specifiers.add(m[1]!);
    }
    const local = [...specifiers].filter((s) => s.startsWith('.'));
    expect(local.length).toBeGreaterThan(0);
    for (const s of local) expect(modules).toContain(path.basename(s));
    // No TypeScript and no #shared/#server subpath left for Node to resolve at run time.
    expect([...specifiers].filter((s) => s.endsWith('.ts') || s.endsWith('.tsx') || s.startsWith('#'))).toEqual([]);
  });
});
