import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read from the environment once, here, and nowhere else (docs/architecture.md).
 * A bad value stops the start with a message that names the variable.
 */
const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  // Set when DATABASE_URL goes through a transaction-mode pooler (PgBouncer): the same database
  // without the pooler, for what needs a session of its own (migrations, LISTEN).
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  // A streaming replica of DATABASE_URL's database: the public cached reads go there while it keeps up.
  DATABASE_READ_URL: postgresUrl.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  // SMS to producers over SMPP 3.4: smpp://system_id:password@host:port?source=Domace (docs/notifications.md, "SMS").
  SMS_URL: z.string().regex(/^smpp:\/\/[^@/]+@[^/]+/, 'must be smpp://system_id:password@host:port?source=Name').optional(),
  MAIL_FROM: z.string().min(3).default('Domaće <no-reply@domace.local>'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Unset: true, except with NODE_ENV=production (see parseEnv).
  SEED_DEMO: booleanFromString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MEDIA_DIR: z.string().min(1).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  TRUST_PROXY: booleanFromString.default(false),
  // false: this instance serves requests only; the outboxes, pushes, standing orders' cycles,
  // reminders, expiries and clean-up run on the instances that keep the default.
  WORKERS: booleanFromString.default(true),
  // Sent as the x-instance response header, to tell instances apart behind a load balancer.
  INSTANCE_NAME: z.string().regex(/^[A-Za-z0-9._-]{1,40}$/, 'must be 1-40 letters, digits, dots, hyphens or underscores').optional(),
  // An S3-compatible object store for media, used when S3_BUCKET is set.
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  // Web Push: unset = a key pair generated once into DATA_DIR/.vapid.json.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url of an uncompressed P-256 public key (87 characters)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url of a P-256 private key (43 characters)').optional(),
  // Tests only: push endpoints may be http and on local addresses (a push service on loopback).
  PUSH_ALLOW_LOCAL: booleanFromString.default(false),
  // Hours a returned unit is held for a waiting buyer (docs/product.md, "Pre-orders and the waitlist").
  WAITLIST_HOLD_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// URL').optional(),
  // A database unreachable this long makes the app exit non-zero, for its supervisor to restart it.
  DB_DOWN_EXIT_SECONDS: z.coerce.number().int().min(5).max(3600).default(20),
  // Writes (POST/PUT/PATCH/DELETE under /api) per minute per signed-in user and per client IP; 0 = no limit.
  RATE_LIMIT_WRITES_PER_USER: z.coerce.number().int().min(0).max(1_000_000).optional(),
  RATE_LIMIT_WRITES_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  // Bytes the in-process public read cache may hold (plugins/public-cache.ts); 0 turns it off.
  PUBLIC_CACHE_MAX_BYTES: z.coerce.number().int().min(0).max(1024 * 1024 * 1024).default(32 * 1024 * 1024),
  // New producers: 'manual' = public only once an operator approves; 'auto' = at confirmation.
  PRODUCER_APPROVAL: z.enum(['manual', 'auto']).default('manual'),
  // /metrics answers loopback callers, or anyone sending `Authorization: Bearer <METRICS_TOKEN>`.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Backups (npm run backup and the daily one of the embedded database): how many are kept.
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  // The daily automatic backup of the embedded database (off = only npm run backup).
  BACKUP_DAILY: booleanFromString.default(true),
}).superRefine((env, ctx) => {
  const s3Vars = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET && s3Vars.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${s3Vars.join(', ')} ${s3Vars.length > 1 ? 'are' : 'is'} set` });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither (then the AWS default credentials are used)' });
  }
  for (const name of ['DATABASE_DIRECT_URL', 'DATABASE_READ_URL'] as const) {
    if (env[name] && !env.DATABASE_URL) ctx.addIssue({ code: 'custom', path: [name], message: 'needs DATABASE_URL (the embedded PostgreSQL has no pooler and no replica)' });
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither (then a pair is generated into DATA_DIR)' });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every variable read here (the README's configuration table lists each once: env.test.ts). */
export const ENV_NAMES = Object.keys(envSchema.shape) as Array<keyof Env>;

/** Media in an S3-compatible store instead of MEDIA_DIR (features/media/media-store.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2, …); AWS when unset. */
  endpoint: string | undefined;
  /** Both or neither; neither = the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Base URL media are served from (a CDN or the bucket's website); unset = through the app at /media/. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_DIRECT_URL: set = `databaseUrl` is a transaction pooler (db/client.ts, createPool). */
  databaseDirectUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica for the public reads (db/replica.ts). */
  databaseReadUrl: string | undefined;
  smtpUrl: string | undefined;
  /** SMPP for SMS; unset, SMS are written to DATA_DIR/sms-outbox/. */
  smsUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  mediaDir: string;
  redisUrl: string | undefined;
  trustProxy: boolean;
  instanceName: string | undefined;
  dbDownExitMs: number;
  /** Writes per minute (plugins/write-limits.ts); 0 = unlimited. */
  writeLimits: { perUser: number; perIp: number };
  /** Set when S3_BUCKET is: media go to the object store, not to mediaDir. */
  s3: S3Config | undefined;
  /** Web Push keys when given; undefined = generated once into DATA_DIR (lib/vapid.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** PUSH_ALLOW_LOCAL: http and inside push endpoints allowed (tests only; features/notifications/push-endpoint.ts). */
  pushAllowLocal: boolean;
  /** WAITLIST_HOLD_HOURS: how long a waitlist offer holds its units (default 12). */
  waitlistHoldHours: number;
  /** WORKERS: whether this instance runs the background work beside its requests (default true). */
  workers: boolean;
  /** The VAPID `sub` claim: VAPID_SUBJECT, or mailto: the address of MAIL_FROM. */
  vapidSubject: string;
  /** Byte budget of the public read cache; 0 = no cache. */
  publicCacheMaxBytes: number;
  producerApproval: Env['PRODUCER_APPROVAL'];
  metricsToken: string | undefined;
  backupKeep: number;
  backupDaily: boolean;
}

export class ConfigError extends Error {}

/** Whether a URL points at this machine only (localhost, 127.0.0.0/8, ::1): nobody else can reach it. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]' || host === '0.0.0.0';
}

export function parseEnv(source: NodeJS.ProcessEnv): Config {
  // Empty strings mean "unset", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    smtpUrl: env.SMTP_URL,
    smsUrl: env.SMS_URL || undefined,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET,
    // Demo accounts share a published password: never by default in production. The quick
    // start (`npm start` without NODE_ENV) still seeds: scripts/start.mjs says SEED_DEMO=true.
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    instanceName: env.INSTANCE_NAME,
    vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? (env.MAIL_FROM.includes('@') ? env.MAIL_FROM.trim() : 'no-reply@domace.local')}`,
    pushAllowLocal: env.PUSH_ALLOW_LOCAL,
    waitlistHoldHours: env.WAITLIST_HOLD_HOURS,
    workers: env.WORKERS,
    dbDownExitMs: env.DB_DOWN_EXIT_SECONDS * 1000,
    // Off by default under NODE_ENV=test: test files drive hundreds of writes from one "IP".
    writeLimits: {
      perUser: env.RATE_LIMIT_WRITES_PER_USER ?? (env.NODE_ENV === 'test' ? 0 : 300),
      perIp: env.RATE_LIMIT_WRITES_PER_IP ?? (env.NODE_ENV === 'test' ? 0 : 1200),
    },
    publicCacheMaxBytes: env.PUBLIC_CACHE_MAX_BYTES,
    producerApproval: env.PRODUCER_APPROVAL,
    metricsToken: env.METRICS_TOKEN,
    backupKeep: env.BACKUP_KEEP,
    backupDaily: env.BACKUP_DAILY,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
          publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}
