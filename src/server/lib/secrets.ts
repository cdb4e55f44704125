import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** JWT_SECRET when given; otherwise one generated on first start and kept in DATA_DIR. */
export function jwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // wx: two instances starting at once on one DATA_DIR must not overwrite each other's secret.
  try { fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }); } catch { return fs.readFileSync(file, 'utf8').trim(); }
  return secret;
}
