import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { vapidKeys } from './vapid.ts';

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and kept across starts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domace-vapid-'));
    try {
      const first = vapidKeys(undefined, dir);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(vapidKeys(undefined, dir)).toEqual(first);
      expect(fs.statSync(path.join(dir, '.vapid.json')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given (both or neither), with a subject', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = parseEnv({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://domace.rs/contact' });
    expect(config.vapidKeys).toEqual(keys);
    expect(config.vapidSubject).toBe('https://domace.rs/contact');
    expect(vapidKeys(config.vapidKeys, '/nonexistent')).toEqual(keys);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
    expect(parseEnv({ MAIL_FROM: 'Domaće <hello@domace.rs>' }).vapidSubject).toBe('mailto:hello@domace.rs');
  });
});
