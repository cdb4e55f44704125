import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { jwtSecret } from './secrets.ts';

const run = promisify(execFile);
const secretsModule = fileURLToPath(new URL('./secrets.ts', import.meta.url));

describe('secrets kept in DATA_DIR', () => {
  it('are the same, whole, for every instance when several start at once on an empty DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-secret-'));
    try {
      const script = `const { jwtSecret } = await import(${JSON.stringify(secretsModule)}); process.stdout.write(jwtSecret(undefined, ${JSON.stringify(dir)}));`;
      const outputs = await Promise.all(Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).then((r) => r.stdout)));
      expect(outputs[0]).toMatch(/^[\w-]{64}$/);
      expect(new Set(outputs).size).toBe(1);
      expect(jwtSecret(undefined, dir)).toBe(outputs[0]);
      expect(fs.readdirSync(dir)).toEqual(['.jwt-secret']);
      expect(fs.statSync(path.join(dir, '.jwt-secret')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
