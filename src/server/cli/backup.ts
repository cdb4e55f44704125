/**
 * `npm run backup` (into DATA_DIR/backups, the newest BACKUP_KEEP kept: pg_dump's custom format
 * when a matching pg_dump is installed, else the logical .copy.gz, see lib/backup.ts) and
 * `npm run restore -- <file>` (either format). Work on DATABASE_URL, on the embedded database of a running
 * app, or start the embedded database for the run.
 */
import path from 'node:path';
import { openDatabaseForTool, toolConfig } from '../db/open-for-tool.ts';
import { runningEmbeddedUrl } from '../db/embedded-postgres.ts';
import { backupDatabase, restoreDatabase } from '../lib/backup.ts';

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!((command === 'backup' && !file) || (command === 'restore' && file)) || rest.length) {
    console.error('Usage: npm run backup | npm run restore -- <file>');
    return 2;
  }
  const config = toolConfig();
  if (!config) return 1;
  const database = await openDatabaseForTool(config, (msg) => console.log(msg));
  try {
    // pg_dump and the logical backup need a URL: the external one, the running app's, or the one started for this run.
    const url = database.url ?? runningEmbeddedUrl(path.join(config.dataDir, 'pg'));
    if (!url) throw new Error('The embedded database is not reachable');
    if (command === 'backup') {
      const written = await backupDatabase(url, path.join(config.dataDir, 'backups'), config.backupKeep);
      console.log(`Backup written: ${written}`);
    } else {
      const method = await restoreDatabase(url, path.resolve(file!));
      console.log(`Restored ${file} (${method === 'logical' ? 'logical backup' : 'pg_restore'}). Restart the app so its caches start afresh.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => { console.error(err instanceof Error ? err.message : err); process.exit(1); },
);
