import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { media } from '../../db/schema.ts';
import type { MediaStore } from './media-store.ts';
import { createMediaService } from './media.service.ts';

/** A full media disk (docs/bad-days.md): 507 media.storage_full, nothing left behind, uploads again once there is room. */

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a6', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

describe('the media service on a full store', () => {
  it('answers 507 media.storage_full and removes what it had stored of the upload', async () => {
    const kept = new Set<string>();
    let puts = 0;
    const store: MediaStore = {
      kind: 'local',
      // The main picture fits, the thumbnail does not.
      put: async (name: string) => { if (++puts > 1) throw enospc(); kept.add(name); },
      url: (name: string) => `/media/${name}`,
      remove: async (name: string) => { kept.delete(name); },
      read: async () => null,
    } as unknown as MediaStore;
    let inserted = 0;
    const service = createMediaService({ store, mediaRepository: { insert: async () => { inserted++; return { id: randomUUID() } as never; } } });
    const file = path.join(os.tmpdir(), `domace-full-${randomUUID()}.jpg`);
    fs.writeFileSync(file, await photo());
    try {
      await expect(service.upload(randomUUID(), file)).rejects.toMatchObject({ statusCode: 507, code: 'media.storage_full' });
    } finally {
      fs.rmSync(file, { force: true });
    }
    expect(puts).toBe(2);
    expect([...kept]).toEqual([]);
    expect(inserted).toBe(0);
  });
});

/** A 3 MB tmpfs as MEDIA_DIR, when this process may mount one (root on Linux); skipped elsewhere. */
function mountTmpfs(dir: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m,mode=0755', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-media-full-'));
const mounted = mountTmpfs(mountDir);

describe.skipIf(!mounted)('POST /api/media on a full media disk (a real tmpfs)', () => {
  let t: TestApp;
  let producer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_DIR: mountDir });
    producer = await createUser(t, { userType: 'producer' });
  });
  afterAll(async () => {
    await t?.close();
    try { execFileSync('umount', ['-l', mountDir], { stdio: 'ignore' }); } catch { /* not mounted */ }
    fs.rmSync(mountDir, { recursive: true, force: true });
  });

  async function upload(content: Buffer) {
    const boundary = `----domace${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/media', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...producer.headers } });
  }

  it('refuses with 507 while full, leaves no file or row, says so on /api/health, and takes uploads again once room returns', async () => {
    const image = await photo();
    // Fill the disk to the last byte.
    const filler = path.join(mountDir, 'filler');
    const fd = fs.openSync(filler, 'w');
    try {
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
    const before = fs.readdirSync(mountDir);
    const refused = await upload(image);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ code: 'media.storage_full' });
    expect(fs.readdirSync(mountDir)).toEqual(before);
    expect(await t.database.db.select().from(media)).toHaveLength(0);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', storage: { media: 'full' } });

    fs.rmSync(filler);
    const accepted = await upload(image);
    expect(accepted.statusCode).toBe(201);
    const healthy = await t.app.inject({ url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});
