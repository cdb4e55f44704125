import { is } from 'drizzle-orm';
import { getTableConfig, index, integer, PgTable, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import * as schema from './schema.ts';

/**
 * Migrations are hand-written SQL (docs/architecture.md, Data model); the Drizzle schema in
 * schema.ts is what the code queries through. This test is what keeps the two in step: it
 * applies every migration to a fresh database and compares tables, columns (type, null or not,
 * a declared default) and named indexes with what schema.ts declares. `npm run db:check` runs it.
 */

interface ActualColumn { type: string; notNull: boolean; hasDefault: boolean }
type Actual = Map<string, { columns: Map<string, ActualColumn>; indexes: Set<string> }>;

async function readDatabase(t: TestDatabase): Promise<Actual> {
  const columns = await t.pool.query<{ table: string; column: string; type: string; not_null: boolean; has_default: boolean }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
           a.attnotnull AS not_null, (a.atthasdef OR a.attidentity <> '') AS has_default
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
  const indexes = await t.pool.query<{ table: string; index: string }>(
    `SELECT tablename AS table, indexname AS index FROM pg_indexes WHERE schemaname = 'public'`);
  const actual: Actual = new Map();
  const tableOf = (name: string) => {
    let entry = actual.get(name);
    if (!entry) actual.set(name, entry = { columns: new Map(), indexes: new Set() });
    return entry;
  };
  for (const row of columns.rows) tableOf(row.table).columns.set(row.column, { type: row.type, notNull: row.not_null, hasDefault: row.has_default });
  for (const row of indexes.rows) tableOf(row.table).indexes.add(row.index);
  return actual;
}

/** PostgreSQL's spelling of a type as Drizzle writes it (`timestamp (3) with time zone` → `timestamp(3) with time zone`). */
function normaliseType(type: string): string {
  return type.toLowerCase().replace(/\s*\(\s*/g, '(').replace(/\s*,\s*/g, ',').replace(/\s*\)/g, ')')
    .replace(/^varchar/, 'character varying').replace(/^timestamptz/, 'timestamp with time zone')
    .replace(/^timestamp(\(\d+\))?$/, 'timestamp$1 without time zone')
    .replace(/^(serial)$/, 'integer').replace(/^bigserial$/, 'bigint');
}

/** Every difference between the declared tables and the migrated database, one line each. */
function schemaDrift(declared: PgTable[], actual: Actual): string[] {
  const problems: string[] = [];
  const declaredNames = new Set<string>();
  for (const table of declared) {
    const config = getTableConfig(table);
    declaredNames.add(config.name);
    const found = actual.get(config.name);
    if (!found) { problems.push(`table ${config.name}: declared in schema.ts, not created by any migration`); continue; }
    const declaredColumns = new Set<string>();
    for (const column of config.columns) {
      declaredColumns.add(column.name);
      const real = found.columns.get(column.name);
      const where = `${config.name}.${column.name}`;
      if (!real) { problems.push(`column ${where}: declared in schema.ts, not in the migrated database`); continue; }
      if (normaliseType(column.getSQLType()) !== normaliseType(real.type)) problems.push(`column ${where}: schema.ts says ${column.getSQLType()}, the database has ${real.type}`);
      const notNull = column.notNull || column.primary;
      if (notNull !== real.notNull) problems.push(`column ${where}: schema.ts says ${notNull ? 'NOT NULL' : 'nullable'}, the database has it ${real.notNull ? 'NOT NULL' : 'nullable'}`);
      if (column.hasDefault && !real.hasDefault && !column.defaultFn && !column.onUpdateFn) problems.push(`column ${where}: schema.ts declares a default the database does not have`);
    }
    for (const name of found.columns.keys()) {
      if (!declaredColumns.has(name)) problems.push(`column ${config.name}.${name}: in the migrated database, not declared in schema.ts`);
    }
    for (const index of config.indexes) {
      const name = index.config.name;
      if (name && !found.indexes.has(name)) problems.push(`index ${name} on ${config.name}: declared in schema.ts, not in the migrated database`);
    }
  }
  for (const name of actual.keys()) {
    if (!declaredNames.has(name)) problems.push(`table ${name}: in the migrated database, not declared in schema.ts`);
  }
  return problems;
}

const declaredTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

let t: TestDatabase;
let actual: Actual;
beforeAll(async () => {
  t = await createTestDatabase();
  actual = await readDatabase(t);
});
afterAll(async () => { await t.close(); });

describe('schema.ts and the migrations', () => {
  it('declare the same tables, columns and indexes', () => {
    expect(declaredTables.length).toBeGreaterThan(20);
    expect(schemaDrift(declaredTables, actual)).toEqual([]);
  });

  it('names a drift: a table, column or index only one side has, a type that differs', () => {
    const users = pgTable('users', { id: integer('id').primaryKey(), nickname: text('nickname') }, (t) => [index('users_nickname_idx').on(t.nickname)]);
    const ghosts = pgTable('ghosts', { id: integer('id') });
    const drift = schemaDrift([users, ghosts], actual);
    expect(drift).toContain('column users.id: schema.ts says integer, the database has uuid');
    expect(drift).toContain('column users.nickname: declared in schema.ts, not in the migrated database');
    expect(drift).toContain('column users.email: in the migrated database, not declared in schema.ts');
    expect(drift).toContain('index users_nickname_idx on users: declared in schema.ts, not in the migrated database');
    expect(drift).toContain('table ghosts: declared in schema.ts, not created by any migration');
    expect(drift).toContain('table orders: in the migrated database, not declared in schema.ts');
  });
});
