import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded media live. Local directory today (served at /media/ by plugins/web.ts);
 * an S3-compatible store can implement the same three calls (issue 9).
 */
export interface MediaStore {
  put(name: string, content: Buffer | Readable): Promise<void>;
  /** The public URL of a stored file. */
  url(name: string): string;
  /** Removes a file; a missing file is not an error. */
  remove(name: string): Promise<void>;
}

/** Names are made by the server (uuid + extension); anything else is a bug, never a path. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

function checkName(name: string): string {
  if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Unsafe media file name: ${name}`);
  return name;
}

export function createLocalMediaStore(dir: string, urlPrefix = '/media/'): MediaStore {
  fs.mkdirSync(dir, { recursive: true });
  return {
    async put(name, content) {
      const target = path.join(dir, checkName(name));
      // Written under a temporary name and renamed, so a half-written file is never served.
      const partial = `${target}.part`;
      try {
        if (Buffer.isBuffer(content)) await fs.promises.writeFile(partial, content, { flag: 'wx' });
        else await pipeline(content, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
    },
    url(name) {
      return `${urlPrefix}${checkName(name)}`;
    },
    async remove(name) {
      await fs.promises.rm(path.join(dir, checkName(name)), { force: true });
    },
  };
}
