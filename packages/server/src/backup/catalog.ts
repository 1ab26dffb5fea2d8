import type { RawConnection } from './connect.ts';
import { SCHEMAS, qualified } from './format.ts';

export type TableInfo = {
  schema: string;
  name: string;
  /** Stored columns in order (generated ones are computed again on load). */
  columns: string[];
  /** Holds files (bytea): read a few rows at a time. */
  holdsFiles: boolean;
};

const schemaList = SCHEMAS.map((s) => `'${s}'`).join(', ');

/**
 * The product's tables (public), drizzle's migration journal and pg-boss's tables, parents
 * before children. pg-boss keeps one partition of `pgboss.job` per queue: the parent stands
 * for them all (restore creates the partitions through pgboss.create_queue).
 */
export const listTables = async (conn: RawConnection): Promise<TableInfo[]> => {
  const tables = await conn.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${schemaList}) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY n.nspname <> 'drizzle', n.nspname <> 'pgboss', c.relname`,
  );
  const columns = await conn.query<{
    schema: string;
    name: string;
    column: string;
    bytea: boolean;
  }>(
    `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column,
            a.atttypid = 'bytea'::regtype AS bytea
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${schemaList}) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY n.nspname, c.relname, a.attnum`,
  );
  const references = await conn.query<{ child: string; parent: string }>(
    `SELECT format('%I.%I', cn.nspname, c.relname) AS child,
            format('%I.%I', pn.nspname, p.relname) AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND cn.nspname IN (${schemaList}) AND NOT c.relispartition`,
  );
  const byKey = new Map<string, TableInfo>();
  for (const t of tables) {
    byKey.set(qualified(t.schema, t.name), { ...t, columns: [], holdsFiles: false });
  }
  for (const c of columns) {
    const table = byKey.get(qualified(c.schema, c.name));
    table?.columns.push(c.column);
    if (table && c.bytea) table.holdsFiles = true;
  }
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    // format('%I') quotes only where needed; compare on the same quoting as qualified().
    const [childKey, parentKey] = [child, parent].map(requote);
    if (childKey === parentKey) continue; // a row may point at a row of its own table
    if (!parents.has(childKey!)) parents.set(childKey!, new Set());
    parents.get(childKey!)!.add(parentKey!);
  }
  return orderByDependencies([...byKey.values()], parents);
};

const requote = (name: string): string => {
  const [schema, table] = name.split('.').map((part) => part.replace(/^"|"$/g, ''));
  return qualified(schema!, table!);
};

const orderByDependencies = (
  tables: TableInfo[],
  parents: Map<string, Set<string>>,
): TableInfo[] => {
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const byKey = new Map(tables.map((t) => [qualified(t.schema, t.name), t]));
  const visit = (key: string) => {
    if (done.has(key) || !byKey.has(key)) return;
    if (visiting.has(key)) {
      throw new Error(`Foreign keys form a cycle through ${key}: no load order exists`);
    }
    visiting.add(key);
    for (const parent of parents.get(key) ?? []) visit(parent);
    visiting.delete(key);
    done.add(key);
    ordered.push(byKey.get(key)!);
  };
  for (const key of byKey.keys()) visit(key);
  return ordered;
};

export type SequenceValue = { schema: string; name: string; value: string; called: boolean };

export const readSequences = async (conn: RawConnection): Promise<SequenceValue[]> => {
  const sequences = await conn.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${schemaList}) AND c.relkind = 'S' ORDER BY 1, 2`,
  );
  const values: SequenceValue[] = [];
  for (const s of sequences) {
    const [row] = await conn.query<{ value: string; called: boolean }>(
      `SELECT last_value::text AS value, is_called AS called FROM ${qualified(s.schema, s.name)}`,
    );
    values.push({ ...s, value: row!.value, called: row!.called });
  }
  return values;
};

/** drizzle's `when` of the last migration applied, or null when none ran here. */
export const lastMigration = async (conn: RawConnection): Promise<number | null> => {
  const [exists] = await conn.query<{ found: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found",
  );
  if (!exists!.found) return null;
  const [row] = await conn.query<{ when: string | null }>(
    'SELECT max(created_at)::text AS when FROM drizzle.__drizzle_migrations',
  );
  return row!.when === null ? null : Number(row!.when);
};

/** pg-boss's schema version, or null when its schema is not there. */
export const pgbossVersion = async (conn: RawConnection): Promise<number | null> => {
  const [exists] = await conn.query<{ found: boolean }>(
    "SELECT to_regclass('pgboss.version') IS NOT NULL AS found",
  );
  if (!exists!.found) return null;
  const [row] = await conn.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM pgboss.version',
  );
  return row?.version ?? null;
};

/** Tables of the product, and pg-boss's jobs, that hold at least one row. */
export const tablesWithData = async (conn: RawConnection): Promise<string[]> => {
  const candidates = await conn.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND (n.nspname = 'public' OR (n.nspname = 'pgboss' AND c.relname IN ('job', 'archive')))
      ORDER BY n.nspname <> 'public', c.relname`,
  );
  const filled: string[] = [];
  for (const t of candidates) {
    const [row] = await conn.query<{ filled: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${qualified(t.schema, t.name)}) AS filled`,
    );
    if (row!.filled) filled.push(t.schema === 'public' ? t.name : `${t.schema}.${t.name}`);
  }
  return filled;
};
