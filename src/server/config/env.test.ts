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
});
