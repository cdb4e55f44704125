/**
 * `npm run db:seed`: opens the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR), migrates it and seeds the sample data if it has no users yet.
 */
import { ConfigError, parseEnv } from '../../config/env.ts';
import { openDatabase } from '../open.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from './seed.ts';

async function run(): Promise<number> {
  let config;
  try {
    config = parseEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase(config, (level, msg) => {
    if (level !== 'debug') console.log(msg);
  });
  try {
    const seeded = await seedIfEmpty(database.db, { mediaDir: config.mediaDir, log: (msg) => console.log(msg) });
    if (!seeded) {
      console.log('The database already has users: nothing seeded.');
      return 0;
    }
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) {
      console.log(`  ${a.email.padEnd(22)} ${a.role.padEnd(9)} ${a.household ?? a.name}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
