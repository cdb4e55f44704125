import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './root.ts';
import { ConfigError, ENV_NAMES, isLocalUrl, parseEnv } from './env.ts';

describe('the README configuration table', () => {
  it('lists every variable of env.ts exactly once', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([A-Z0-9_]+)`(?:, `([A-Z0-9_]+)`)? \|/gm)].flatMap((m) => [m[1]!, ...(m[2] ? [m[2]] : [])]);
    for (const name of ENV_NAMES) expect(rows.filter((r) => r === name), name).toHaveLength(1);
  });
});

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const c = parseEnv({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: path.resolve('./data'), seedDemo: true, databaseUrl: undefined });
    expect(c.mediaDir).toBe(path.resolve('./data/media'));
  });

  it('names the variable of a bad value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('reads the operator settings: producer approval, metrics token, backups', () => {
    expect(parseEnv({})).toMatchObject({ producerApproval: 'manual', metricsToken: undefined, backupKeep: 7, backupDaily: true });
    expect(parseEnv({ PRODUCER_APPROVAL: 'auto', METRICS_TOKEN: 'x'.repeat(16), BACKUP_KEEP: '3', BACKUP_DAILY: 'false' }))
      .toMatchObject({ producerApproval: 'auto', metricsToken: 'x'.repeat(16), backupKeep: 3, backupDaily: false });
    expect(() => parseEnv({ PRODUCER_APPROVAL: 'never' })).toThrow(/PRODUCER_APPROVAL="never"/);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('runs the background work unless WORKERS=false', () => {
    expect(parseEnv({}).workers).toBe(true);
    expect(parseEnv({ WORKERS: 'false' }).workers).toBe(false);
    expect(() => parseEnv({ WORKERS: 'sometimes' })).toThrow(/WORKERS/);
  });

  it('seeds the demo data by default, but not with NODE_ENV=production unless SEED_DEMO says so', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('tells a URL only this machine reaches from a public one', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3102', 'http://[::1]:3000', 'http://app.localhost', 'http://0.0.0.0:3000']) expect(isLocalUrl(url), url).toBe(true);
    for (const url of ['https://pijaca.example.rs', 'http://192.168.1.10:3000', 'http://localhost.example.rs', 'http://127.0.0.1.nip.io', 'not a url']) expect(isLocalUrl(url), url).toBe(false);
  });

  it('treats empty strings as unset and parses booleans', () => {
    expect(parseEnv({ DATABASE_URL: '', SEED_DEMO: 'false' })).toMatchObject({ databaseUrl: undefined, seedDemo: false });
  });

  it('reads the S3 media store only when S3_BUCKET is set, and checks its variables', () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: 'domace-media' }).s3).toEqual({
      bucket: 'domace-media', region: 'us-east-1', endpoint: undefined, credentials: undefined, publicUrl: undefined, forcePathStyle: false,
    });
    expect(parseEnv({
      S3_BUCKET: 'media', S3_REGION: 'eu-central-1', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.rs/media/', S3_FORCE_PATH_STYLE: 'true',
    }).s3).toEqual({
      bucket: 'media', region: 'eu-central-1', endpoint: 'http://127.0.0.1:9000', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.rs/media', forcePathStyle: true,
    });
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET="": is required when S3_ENDPOINT is set/);
    expect(() => parseEnv({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET="Bad_Bucket"/);
    expect(() => parseEnv({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY="": S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => parseEnv({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
