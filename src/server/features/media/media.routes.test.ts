import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { createUser, type TestUser } from '../../../../test/users.ts';
import { media } from '../../db/schema.ts';

let t: TestApp;
let producer: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  producer = await createUser(t, { userType: 'producer' });
  customer = await createUser(t, { userType: 'customer' });
});
afterAll(async () => t.close());

function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----domace${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(content: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', user: TestUser | null = producer, field = 'file') {
  const body = multipart(content, filename, contentType, field);
  return t.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...(user ? user.headers : {}) } });
}

const storedFiles = () => fs.readdirSync(t.config.mediaDir);
const mediaRows = async () => (await t.database.db.select().from(media)).length;

/** A real noisy photo-like JPEG with an EXIF orientation of 6 (shown turned 90°). */
const jpegWithExif = () => sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
  .jpeg().withMetadata({ orientation: 6 }).toBuffer();

async function mp4Header(): Promise<Buffer> {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('mdat', 'latin1'), randomBytes(8)]);
  return Buffer.concat([ftyp, mdat]);
}

const webmHeader = () => Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  randomBytes(64),
]);

describe('POST /api/media: accepted uploads', () => {
  it('re-encodes a JPEG to WebP: upright by its EXIF orientation, no metadata, long side 1600, a 400 px thumbnail', async () => {
    const res = await upload(await jpegWithExif());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ type: 'image', width: 800, height: 1600 });
    expect(body.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(body.thumbnailUrl).toMatch(/^\/media\/[0-9a-f-]{36}-thumb\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const thumb = await sharp((await t.app.inject({ method: 'GET', url: body.thumbnailUrl })).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 800 });

    const [row] = await t.database.db.select().from(media).where((await import('drizzle-orm')).eq(media.id, body.id));
    expect(row).toMatchObject({ ownerId: producer.id, type: 'image', mime: 'image/webp', url: body.url, thumbnailUrl: body.thumbnailUrl, width: 800, height: 1600 });
  });

  it('takes PNG, WebP and AVIF by their content, whatever the name, and never enlarges the main image', async () => {
    const base = sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } });
    for (const [buf, name] of [
      [await base.clone().png().toBuffer(), 'a.png'],
      [await base.clone().webp().toBuffer(), 'b.bin'],
      [await base.clone().avif().toBuffer(), 'c.avif'],
    ] as const) {
      const res = await upload(buf, name, 'application/octet-stream');
      expect(res.statusCode, name).toBe(201);
      expect(res.json()).toMatchObject({ type: 'image', width: 800, height: 600 });
      const thumb = await sharp(fs.readFileSync(`${t.config.mediaDir}/${res.json().thumbnailUrl.slice('/media/'.length)}`)).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 300 });
    }
  });

  it('stores MP4 and WebM videos as they are, with a server-made name and the right extension', async () => {
    const mp4 = await mp4Header();
    const res = await upload(mp4, 'clip.php', 'text/plain', customer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'video' });
    expect(res.json().url).toMatch(/^\/media\/[0-9a-f-]{36}\.mp4$/);
    expect(res.json().thumbnailUrl).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.rawPayload.equals(mp4)).toBe(true);

    const webm = await upload(webmHeader(), 'clip', 'video/webm');
    expect(webm.statusCode).toBe(201);
    expect(webm.json().url).toMatch(/\.webm$/);
  });
});

describe('POST /api/media: hostile and bad uploads are refused and nothing is stored', () => {
  let filesBefore: string[];
  let rowsBefore: number;
  beforeEach(async () => {
    filesBefore = storedFiles();
    rowsBefore = await mediaRows();
  });
  async function expectNothingStored() {
    expect(storedFiles().sort()).toEqual(filesBefore.sort());
    expect(await mediaRows()).toBe(rowsBefore);
  }
  async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().error.length).toBeGreaterThan(10);
    await expectNothingStored();
  }

  it('an SVG with a script', async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    await expectRefused(await upload(svg, 'logo.svg', 'image/svg+xml'), 415, 'media.unsupported_type');
    await expectRefused(await upload(svg, 'logo.jpg', 'image/jpeg'), 415, 'media.unsupported_type');
  });

  it('a PHP script named x.jpg, HTML, text and a GIF', async () => {
    await expectRefused(await upload(Buffer.from('<?php system($_GET["c"]); ?>'), 'x.jpg', 'image/jpeg'), 415, 'media.unsupported_type');
    await expectRefused(await upload(Buffer.from('<html><body onload="alert(1)"></body></html>'), 'x.png', 'image/png'), 415, 'media.unsupported_type');
    await expectRefused(await upload(Buffer.from('just some text'), 'x.webp', 'image/webp'), 415, 'media.unsupported_type');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } }).gif().toBuffer();
    await expectRefused(await upload(gif, 'x.gif', 'image/gif'), 415, 'media.unsupported_type');
  });

  it('a HEIC-branded ISO file is not taken for a video', async () => {
    const heic = Buffer.alloc(32);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic', 4, 'latin1');
    heic.write('mif1heic', 16, 'latin1');
    await expectRefused(await upload(heic, 'x.mp4', 'video/mp4'), 415, 'media.unsupported_type');
  });

  it('a truncated JPEG', async () => {
    const jpeg = await jpegWithExif();
    await expectRefused(await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 400, 'media.invalid_image');
  });

  it('a 20,000 x 20,000 PNG (small file, huge pixels) is refused from its header', async () => {
    const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29); // a valid IHDR checksum for the forged size
    await expectRefused(await upload(png, 'huge.png', 'image/png'), 413, 'media.too_many_pixels');
  });

  it('an image over 10 MB', async () => {
    const jpeg = await jpegWithExif();
    const big = Buffer.concat([jpeg.subarray(0, 20), randomBytes(10 * 1024 * 1024 + 1)]);
    await expectRefused(await upload(big), 413, 'media.too_large');
  });

  it('a video over 50 MB', async () => {
    const big = Buffer.concat([await mp4Header(), Buffer.alloc(50 * 1024 * 1024 + 10)]);
    await expectRefused(await upload(big, 'big.mp4', 'video/mp4'), 413, 'media.too_large');
  });

  it('no file, another field name, or not multipart', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    await expectRefused(await upload(png, 'a.png', 'image/png', producer, 'photo'), 400, 'media.file_missing');
    const json = await t.app.inject({ method: 'POST', url: '/api/media', headers: producer.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('media.file_missing');
    await expectNothingStored();
  });

  it('signed out: 401', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    await expectRefused(await upload(png, 'a.png', 'image/png', null), 401, 'unauthorized');
  });
});
