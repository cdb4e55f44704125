import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

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
