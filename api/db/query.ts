import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "./client.ts";

/** The rows of a raw query, on either driver (both answer `{ rows }`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `json_build_object('key', column, …)`: a row of a subquery as a JSON object keyed as the code
 * names its fields, for a statement that reads several tables at once (json_agg of these). JSON
 * keeps numbers, text, arrays and dates (as YYYY-MM-DD); a timestamp would come back as text.
 */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/** `VALUES ($1::uuid, $2::date), …` for a list of (category, night) pairs. */
export function pairValues(pairs: readonly { categoryId: string; night: string }[]): SQL {
  return sql.join(
    pairs.map((p) => sql`(${p.categoryId}::uuid, ${p.night}::date)`),
    sql`, `,
  );
}

/**
 * `unnest($1::uuid[], $2::date[], …)`: many rows sent as one array parameter per column, for
 * `INSERT … SELECT … FROM ${unnestColumns(…)} AS v(a, b, …)` and `UPDATE … FROM`. A batch of
 * thousands of rows is then a handful of parameters, not one per cell: the query builder and
 * the protocol stop being most of an import's time. Both drivers send a JS array as a
 * PostgreSQL array; jsonb goes as text and is cast in the SELECT.
 */
export function unnestColumns(columns: readonly (readonly [type: string, values: readonly unknown[]])[]): SQL {
  return sql`unnest(${sql.join(
    columns.map(([type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  )})`;
}

/** PostgreSQL error code of a failure, through drizzle's wrapping (`cause`) on either driver. */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Runs a transaction, again when PostgreSQL broke a deadlock or a serialisation conflict by
 * aborting it (the lock order makes both rare; a retry makes them invisible).
 */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      const code = pgCode(error);
      if (attempt < attempts && (code === "40P01" || code === "40001")) continue;
      throw error;
    }
  }
}
