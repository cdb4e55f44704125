import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The content of DATA_DIR/name, written from make() when the file does not exist yet. Several
 * instances may start at once on one DATA_DIR: the content is written whole to a file of this
 * process's own and then hard-linked into place, which fails if another instance got there
 * first — so nobody ever reads a half-written file, and every instance ends with the same one.
 */
export function keptInDataDir(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dataDir, { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const content = make();
  fs.writeFileSync(own, content, { mode: 0o600 });
  try {
    fs.linkSync(own, file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/** JWT_SECRET when given; otherwise one generated on first start and kept in DATA_DIR. */
export function jwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  return keptInDataDir(dataDir, '.jwt-secret', () => `${randomBytes(48).toString('base64url')}\n`).trim();
}
