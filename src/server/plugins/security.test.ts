import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import securityPlugin from './security.ts';

/** The CSP lets the browser load media from S3_PUBLIC_URL, and only from there besides the app. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

async function cspOf(mediaPublicUrl?: string) {
  const app = Fastify();
  await app.register(securityPlugin, { mediaPublicUrl });
  app.get('/', async () => 'ok');
  const res = await app.inject('/');
  await app.close();
  return String(res.headers['content-security-policy']);
}

describe('the content security policy', () => {
  it('allows images and videos from the origin of S3_PUBLIC_URL', async () => {
    const csp = await cspOf('https://cdn.domace.rs/media/');
    expect(directive(csp, 'img-src')).toContain('https://cdn.domace.rs');
    expect(directive(csp, 'media-src')).toContain('https://cdn.domace.rs');
    // Scripts, styles and XHR stay same-origin: the store serves pictures, not code.
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'inline-speculation-rules'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
  });

  it('keeps the port of a non-default origin and nothing else of the URL', async () => {
    const csp = await cspOf('http://127.0.0.1:9000/bucket/x?y=1');
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:9000']);
  });

  it('allows no other host when media are served by the app itself', async () => {
    const csp = await cspOf(undefined);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(csp, 'media-src')).toEqual(["'self'", 'blob:']);
  });
});

describe('the app with S3_PUBLIC_URL set', () => {
  let t: TestApp;
  afterAll(async () => { await t?.close(); });

  it('sends the policy for that origin on its answers', async () => {
    t = await createTestApp({ S3_BUCKET: 'domace-media', S3_PUBLIC_URL: 'https://media.example.rs/domace' });
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'img-src')).toContain('https://media.example.rs');
    expect(directive(csp, 'media-src')).toContain('https://media.example.rs');
  });
});
