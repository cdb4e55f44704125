import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '#shared/time.ts';

/**
 * Time in SQL. The Belgrade calendar, with the zone of the time module (src/shared/time.ts) so
 * that the database and the services count the same days. The zone is written as a literal
 * (a constant of ours, checked here), so the planner sees a fixed expression.
 */
if (!/^[A-Za-z_]+\/[A-Za-z_]+$/.test(BUSINESS_TIME_ZONE)) throw new Error(`unexpected time zone ${BUSINESS_TIME_ZONE}`);
const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The Belgrade day (a date) of an instant (timestamptz). */
export function belgradeDateSql(instant: SQL): SQL {
  return sql`(${instant} AT TIME ZONE ${ZONE})::date`;
}

/** The instant (timestamptz) a Belgrade day (a date) starts: its midnight in Belgrade. */
export function belgradeMidnightSql(date: SQL): SQL {
  return sql`((${date})::timestamp AT TIME ZONE ${ZONE})`;
}

/** Today in Belgrade, by the database's clock. */
export const belgradeTodaySql = belgradeDateSql(sql`now()`);

/** A timestamp column as a keyset cursor's time part (src/server/lib/keyset-cursor.ts): UTC with microseconds, so no two rows tie by rounding. */
export function timeKeySql(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
