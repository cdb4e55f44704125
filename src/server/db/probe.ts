import pg from 'pg';

/**
 * One look at a database: a new connection and SELECT 1, each within `timeoutMs`; rejects when
 * either fails. Used by the watchdog and the primary probe (docs/deployment.md).
 */
export async function probeDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    // Not awaited: after the server cut the connection, end() may never settle.
    client.end().catch(() => undefined);
  }
}
