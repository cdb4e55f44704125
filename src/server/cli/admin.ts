/**
 * `npm run admin -- grant|revoke <email>`: makes an account an operator (isAdmin) or takes it
 * back. Works on DATABASE_URL, on the embedded database of a running app (DATA_DIR), or starts
 * the embedded database for the run. The API can never set isAdmin.
 */
import { sql } from 'drizzle-orm';
import { openDatabaseForTool, toolConfig } from '../db/open-for-tool.ts';
import { adminAudit, users } from '../db/schema.ts';

const USAGE = 'Usage: npm run admin -- grant|revoke <email>';

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
