import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#api/db/client.ts";
import { seed } from "#api/seed/index.ts";
import { setConfig } from "#config";
import { testConfig } from "./test-config.ts";

/**
 * Migrates, then seeds, once per run what every test file then copies (tests/helpers/db.ts):
 * - an in-memory PGlite, dumped to a file after the migrations and again after the demo data: a
 *   test file loads a dump instead of running initdb, every migration and the seed itself (test files
 *   are isolated, so nothing made in one is kept for the next);
 * - with TEST_DATABASE_URL (a real PostgreSQL server), two template databases (migrated, seeded)
 *   each file's own is copied from.
 * The demo data is relative to the moment it was seeded (`seedMoment`): tests/helpers/api.ts uses
 * the seeded copy only while that moment's dates still hold.
 */
export default async function setup(project: TestProject) {
  const seedMoment = new Date();
  // The seed seals secrets with the configured key: the same configuration as the test files.
  setConfig(testConfig());
  const pglite = await PGlite.create();
  const embedded = await openDatabase({ kind: "pglite", client: pglite });
  await embedded.migrate();
  const dumpPath = join(tmpdir(), `tarifa-pglite-migrated-${process.pid}-${project.name}.tar`);
  const seededDumpPath = join(tmpdir(), `tarifa-pglite-seeded-${process.pid}-${project.name}.tar`);
  const writeDump = async (path: string) => writeFileSync(path, new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await writeDump(dumpPath);
  await seed(embedded.db, seedMoment);
  await writeDump(seededDumpPath);
  await pglite.close();
  project.provide("pgliteDump", dumpPath);
  project.provide("pgliteSeededDump", seededDumpPath);
  project.provide("seedMoment", seedMoment.toISOString());
  const removeDumps = () => [dumpPath, seededDumpPath].forEach((path) => rmSync(path, { force: true }));

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return removeDumps;
  const template = `tarifa_tpl_${process.pid}_${project.name}`;
  const seededTemplate = `${template}_seeded`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of [template, seededTemplate]) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: "postgres", url: withDatabase(url, template), max: 1 });
  await handle.migrate();
  await handle.close();
  await admin.query(`CREATE DATABASE ${seededTemplate} TEMPLATE ${template}`);
  const seeded = await openDatabase({ kind: "postgres", url: withDatabase(url, seededTemplate), max: 1 });
  await seed(seeded.db, seedMoment);
  await seeded.close();
  project.provide("templateDatabase", template);
  project.provide("seededTemplateDatabase", seededTemplate);
  return async () => {
    removeDumps();
    for (const name of [template, seededTemplate]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    seededTemplateDatabase: string;
    pgliteDump: string;
    pgliteSeededDump: string;
    /** When the seeded copies were seeded (ISO). */
    seedMoment: string;
  }
}
