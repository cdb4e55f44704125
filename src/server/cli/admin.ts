/**
 * `npm run admin -- grant|revoke <email>`: makes an account an operator (isAdmin) or takes it
 * back. Works on DATABASE_URL, on the embedded database of a running app (DATA_DIR), or starts
 * the embedded database for the run. The API can never set isAdmin.
 *
 * `npm run admin -- run-cycles [--at <ISO time>]`: places every standing order cycle due by
 * that time (default now), exactly as the server's scheduler does (docs/standing-orders.md).
 *
 * `npm run admin -- run-reminders [--at <ISO time>]`: sends the day-before payment reminders
 * due at that time (default now), each at most once per order, as the scheduler does (docs/payments.md).
 *
 * `npm run admin -- run-expiries [--at <ISO time>]`: expires the unpaid deposits and unused
 * waitlist holds due by that time (default now), each once, as the scheduler does
 * (src/server/wiring/expiries.ts).
 *
 * `npm run admin -- run-sms-retention [--at <ISO time>]`: deletes the SMS replies, sent SMS and
 * summary claims past their retention, once for that Belgrade day, as the scheduler does
 * (src/server/features/sms/sms.service.ts, runSmsRetention).
 *
 * `npm run admin -- seed-scale [--households N --products N --buyers N --orders N --standing N]`:
 * fills an EMPTY database with a busy year (src/server/db/seed/scale.ts, docs/performance.md);
 * exit code 3 when the database is not empty.
 */
import { sql } from 'drizzle-orm';
import { openDatabaseForTool, toolConfig } from '../db/open-for-tool.ts';
import type { Config } from '../config/env.ts';
import { adminAudit, users } from '../db/schema.ts';
import { createPaymentsRepository } from '../features/payments/payments.repository.ts';
import { createPaymentsService } from '../features/payments/payments.service.ts';
import { runSmsRetention } from '../features/sms/sms.service.ts';
import { DatabaseNotEmptyError, DEFAULT_SCALE, seedScale, type ScaleSizes } from '../db/seed/scale.ts';
import { createExpiries } from '../wiring/expiries.ts';
import { createStandingWithCheckout } from '../wiring/standing-cycles.ts';

const USAGE = 'Usage: npm run admin -- grant|revoke <email> | run-cycles [--at <ISO time>] | run-reminders [--at <ISO time>] | run-expiries [--at <ISO time>] | run-sms-retention [--at <ISO time>]'
  + ' | seed-scale [--households N --products N --buyers N --orders N --standing N]';

/** The time of `--at <ISO time>`; undefined when nothing is given (now), null when the arguments are wrong. */
function atOf(argv: string[]): Date | undefined | null {
  if (argv.length === 0) return undefined;
  if (argv[0] !== '--at' || argv.length !== 2 || Number.isNaN(Date.parse(argv[1]!))) return null;
  return new Date(argv[1]!);
}

type ToolDatabase = Awaited<ReturnType<typeof openDatabaseForTool>>;

/**
 * A job of `[--at <ISO time>]` on the app's database (undefined `at`: now, read by the job):
 * exit 2 on wrong arguments, 1 on a wrong configuration, else the job's own code.
 */
async function atJob(argv: string[], job: (ctx: { at: Date | undefined; config: Config; database: ToolDatabase }) => Promise<number>, { connections = 2 } = {}): Promise<number> {
  const at = atOf(argv);
  if (at === null) {
    console.error(USAGE);
    return 2;
  }
  const config = toolConfig();
  if (!config) return 1;
  const database = await openDatabaseForTool(config, (msg) => console.log(msg), { connections });
  try {
    return await job({ at, config, database });
  } finally {
    await database.close();
  }
}

// Mail is queued in the outbox table; the running app's sender delivers it.
const NO_KICK = { kick: () => undefined };
const toConsole = { warn: (obj: object, msg: string) => console.error(msg, obj) };

/** The payment reminders due at `at`, in bounded passes until none is left; mail goes into the outbox. */
const runReminders = (argv: string[]) => atJob(argv, async ({ at: given, config, database }) => {
  const at = given ?? new Date();
  const payments = createPaymentsService({
    db: database.db, repo: createPaymentsRepository(), clock: () => new Date(), outbox: NO_KICK, publicUrl: config.publicUrl, log: toConsole,
  });
  let total = 0;
  for (;;) {
    const r = await payments.runReminders(at);
    total += r.reminded;
    if (r.reminded === 0) break;
  }
  console.log(`Payment reminders due at ${at.toISOString()}: ${total} sent.`);
  return 0;
});

/** The deposits and waitlist holds due by `at`; mail goes into the outbox (the app sends it). */
const runExpiries = (argv: string[]) => atJob(argv, async ({ at: given, config, database }) => {
  const at = given ?? new Date();
  const expiries = createExpiries({
    db: database.db, pool: database.pool, clock: () => new Date(), outbox: NO_KICK, log: toConsole,
    waitlist: { holdHours: config.waitlistHoldHours, publicUrl: config.publicUrl },
  });
  const r = await expiries.runExpiries(at);
  console.log(`Expiries due by ${at.toISOString()}: ${r.deposits} deposits expired, ${r.holds} waitlist holds expired.`);
  return 0;
});

/** The SMS retention of `at`'s Belgrade day: nothing when an instance already ran it that day. */
const runSmsRetentionCommand = (argv: string[]) => atJob(argv, async ({ at: given, database }) => {
  const at = given ?? new Date();
  const r = await runSmsRetention(database.db, at);
  console.log(r.ran
    ? `SMS retention at ${at.toISOString()}: ${r.replies} replies, ${r.sent} sent SMS, ${r.summaries} summary claims deleted.`
    : `SMS retention at ${at.toISOString()}: already done that day.`);
  return 0;
});

/**
 * The CLI has the machine to itself: larger passes (each pass reads the live standing orders
 * once) and more standing orders placed side by side than the app's scheduler.
 */
const CLI_CYCLES_PER_PASS = 10_000;
const CLI_CYCLE_CONCURRENCY = 8;

/** Runs the cycles until none due by `at` is left (no --at: every pass reads the clock anew). */
const runCycles = (argv: string[]) => atJob(argv, async ({ at, config, database }) => {
  const standing = createStandingWithCheckout({
    db: database.db, pool: database.pool, clock: () => new Date(), outbox: NO_KICK, publicUrl: config.publicUrl,
    waitlistHoldHours: config.waitlistHoldHours, log: toConsole,
  });
  const total = { ordered: 0, skipped: 0, failed: 0 };
  for (;;) {
    const r = await standing.runCycles(at ?? new Date(), { max: CLI_CYCLES_PER_PASS, concurrency: CLI_CYCLE_CONCURRENCY });
    total.ordered += r.ordered; total.skipped += r.skipped; total.failed += r.failed;
    if (!r.remaining || r.ordered + r.skipped === 0) break;
  }
  console.log(`Cycles due by ${(at ?? new Date()).toISOString()}: ${total.ordered} ordered, ${total.skipped} skipped, ${total.failed} failed.`);
  return total.failed > 0 ? 1 : 0;
}, { connections: CLI_CYCLE_CONCURRENCY + 2 });

/** The sizes of `--households N …` over the defaults; null when an argument is wrong. */
export function scaleSizesOf(argv: string[]): ScaleSizes | null {
  const sizes: ScaleSizes = { ...DEFAULT_SCALE };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '') as keyof ScaleSizes;
    const value = Number(argv[i + 1]);
    if (!argv[i]?.startsWith('--') || !(key in sizes) || !Number.isInteger(value) || value < 1) return null;
    sizes[key] = value;
  }
  return sizes;
}

async function seedScaleCommand(argv: string[]): Promise<number> {
  const sizes = scaleSizesOf(argv);
  if (!sizes) { console.error(USAGE); return 2; }
  const config = toolConfig();
  if (!config) return 1;
  const database = await openDatabaseForTool(config, (msg) => console.log(msg));
  try {
    const r = await seedScale(database.pool, sizes, (msg) => console.log(msg));
    console.log(`Seeded in ${r.seconds} s.`);
    // One password for every account (hashed once: see src/server/db/seed/scale.ts).
    console.log(`password: ${r.password}`);
    console.log(`busiest buyer: ${r.busiestBuyer}`);
    console.log(`busiest producer: ${r.busiestProducer}`);
    console.log(`operator: ${r.operator}`);
    return 0;
  } catch (err) {
    if (err instanceof DatabaseNotEmptyError || err instanceof RangeError) {
      console.error(err.message);
      return err instanceof RangeError ? 2 : 3;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function setOperator(db: Awaited<ReturnType<typeof openDatabaseForTool>>['db'], email: string, isAdmin: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ isAdmin, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()} AND ${users.deletedAt} IS NULL`)
      .returning({ id: users.id, email: users.email });
    if (row) await tx.insert(adminAudit).values({ adminId: null, action: isAdmin ? 'operator.grant' : 'operator.revoke', targetType: 'user', targetId: row.id, reason: 'npm run admin' });
    return row ?? null;
  });
}

async function run(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (command === 'run-cycles') return runCycles(argv.slice(1));
  if (command === 'run-reminders') return runReminders(argv.slice(1));
  if (command === 'run-expiries') return runExpiries(argv.slice(1));
  if (command === 'run-sms-retention') return runSmsRetentionCommand(argv.slice(1));
  if (command === 'seed-scale') return seedScaleCommand(argv.slice(1));
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const config = toolConfig();
  if (!config) return 1;
  const database = await openDatabaseForTool(config, (msg) => console.log(msg));
  try {
    const row = await setOperator(database.db, email, command === 'grant');
    if (!row) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(command === 'grant' ? `${row.email} is now an operator.` : `${row.email} is no longer an operator.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => { console.error(err); process.exit(1); },
);
