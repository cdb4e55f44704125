import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { parseEnv } from '../../config/env.ts';
import { media } from '../../db/schema.ts';
import { createS3MediaStore, mediaStoreFor } from './media-store.ts';

/**
 * Media in an S3-compatible store, against a local s3rver on a free loopback port:
 * uploads land in the bucket, the app streams them at their URL, refusals leave nothing.
 */
interface S3rverInstance { run: () => Promise<AddressInfo>; close: () => Promise<void> }
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

const BUCKET = 'domace-media';
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-s3-'));
let server: S3rverInstance;
let endpoint: string;
let s3: S3Client;
let t: TestApp;
let producer: TestUser;

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  t = await createTestApp({
    S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  producer = await createUser(t, { userType: 'producer' });
});

afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await server?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

async function bucketObject(key: string) {
  const out = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType, cacheControl: out.CacheControl };
}

function upload(content: Buffer, filename: string, contentType: string, user: TestUser | null = producer) {
  const boundary = `----domace${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST', url: '/api/media', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(user ? user.headers : {}) },
  });
}

const photo = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a63', noise: { type: 'gaussian', mean: 120, sigma: 25 } } }).jpeg().toBuffer();

function mp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const payload = randomBytes(200_000);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + payload.length, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdatHeader, payload]);
}

describe('media in an S3-compatible store', () => {
  it('is the store the configuration asks for', () => {
    expect(mediaStoreFor(t.config).kind).toBe('s3');
    expect(mediaStoreFor(parseEnv({ DATA_DIR: t.config.dataDir })).kind).toBe('local');
  });

  it('puts an uploaded image and its thumbnail in the bucket, nothing on disk, and serves the bytes at its URL', async () => {
    const before = await bucketKeys();
    const res = await upload(await photo(), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; url: string; thumbnailUrl: string }>();
    expect(body.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const name = body.url.slice('/media/'.length);
    const thumbName = body.thumbnailUrl.slice('/media/'.length);
    expect(await bucketKeys()).toEqual([...before, name, thumbName].sort());
    expect(fs.readdirSync(t.config.mediaDir)).toEqual([]);

    const stored = await bucketObject(name);
    expect(stored.contentType).toBe('image/webp');
    expect(stored.cacheControl).toContain('immutable');
    expect((await sharp(stored.bytes).metadata()).format).toBe('webp');

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.rawPayload, stored.bytes)).toBe(0);
    const thumb = await t.app.inject({ method: 'GET', url: body.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

    const [row] = await t.database.db.select().from(media).where(eq(media.id, body.id));
    expect(row).toMatchObject({ url: body.url, thumbnailUrl: body.thumbnailUrl, ownerId: producer.id });
  });

  it('streams a video upload into the bucket and serves byte ranges of it', async () => {
    const video = mp4();
    const res = await upload(video, 'clip.mp4', 'video/mp4');
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.mp4$/);
    const stored = await bucketObject(url.slice('/media/'.length));
    expect(stored.contentType).toBe('video/mp4');
    expect(Buffer.compare(stored.bytes, video)).toBe(0);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(video.length);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.compare(part.rawPayload, video.subarray(100, 200))).toBe(0);
  });

  it('leaves nothing in the bucket when an upload is refused', async () => {
    const before = await bucketKeys();
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.jpg', 'image/jpeg');
    expect(svg.statusCode).toBe(415);
    const jpeg = await photo();
    const damaged = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 3)), 'broken.jpg', 'image/jpeg');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().code).toBe('media.invalid_image');
    const anonymous = await upload(jpeg, 'photo.jpg', 'image/jpeg', null);
    expect(anonymous.statusCode).toBe(401);
    expect(await bucketKeys()).toEqual(before);
    expect(await t.database.db.select().from(media).where(eq(media.ownerId, producer.id))).toHaveLength(2);
  });

  it('answers 404 for a missing or unsafe name, and still serves a file stored in MEDIA_DIR before the switch', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/media/${randomUUID()}.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F.pg-password' })).statusCode).toBe(404);

    const old = `${randomUUID()}.webp`;
    const bytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).webp().toBuffer();
    fs.writeFileSync(path.join(t.config.mediaDir, old), bytes);
    const served = await t.app.inject({ method: 'GET', url: `/media/${old}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    fs.rmSync(path.join(t.config.mediaDir, old));
  });

  it('gives S3_PUBLIC_URL addresses when set, and removes objects', async () => {
    const config = parseEnv({
      S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: 'https://cdn.domace.rs/m/',
    });
    const store = createS3MediaStore(config.s3!);
    const name = `${randomUUID()}.webp`;
    expect(store.url(name)).toBe(`https://cdn.domace.rs/m/${name}`);
    expect(store.get).toBeUndefined(); // the CDN serves them, not the app
    await store.put(name, Buffer.from('x'));
    expect(await bucketKeys()).toContain(name);
    await store.remove(name);
    await store.remove(name); // missing is not an error
    expect(await bucketKeys()).not.toContain(name);
    expect(() => store.url('../etc/passwd')).toThrow(/Unsafe/);
  });
});
