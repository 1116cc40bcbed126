import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#api/db/client.ts";

/**
 * With TEST_DATABASE_URL (a real PostgreSQL server), migrate a template database once per
 * run; each test file then gets its own database copied from it (tests/helpers/db.ts).
 * Without it, each worker migrates an in-memory PGlite and clones it per test file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = `tarifa_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, template), max: 1 });
  await handle.migrate();
  await handle.close();
  project.provide("templateDatabase", template);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
