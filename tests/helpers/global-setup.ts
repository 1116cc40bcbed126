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
 *   test file loads a dump instead of running initdb, every migration and the seed itself (each file
 *   has a database of its own, so nothing made in one is kept for the next);
 * - with TEST_DATABASE_URL (a real PostgreSQL server), two template databases (migrated, seeded)
 *   each file's own is copied from.
 * Vitest calls this once per project, one project after another, in one process: the first call
 * prepares, the others share it, and the last teardown removes it.
 * The demo data is relative to the moment it was seeded (`seedMoment`): tests/helpers/api.ts uses
 * the seeded copy only while that moment's dates still hold.
 */
export default async function setup(project: TestProject) {
  const shared = globalThis as { tarifaTestDatabases?: { prepared: Promise<Prepared>; users: number } };
  shared.tarifaTestDatabases ??= { prepared: prepare(), users: 0 };
  const run = shared.tarifaTestDatabases;
  run.users++;
  const prepared = await run.prepared;
  project.provide("pgliteDump", prepared.dumpPath);
  project.provide("pgliteSeededDump", prepared.seededDumpPath);
  project.provide("seedMoment", prepared.seedMoment);
  if (prepared.template) {
    project.provide("templateDatabase", prepared.template);
    project.provide("seededTemplateDatabase", prepared.seededTemplate!);
  }
  return async () => {
    if (--run.users > 0) return;
    delete shared.tarifaTestDatabases;
    await prepared.remove();
  };
}

interface Prepared {
  dumpPath: string;
  seededDumpPath: string;
  seedMoment: string;
  template?: string;
  seededTemplate?: string;
  remove(): Promise<void>;
}

async function prepare(): Promise<Prepared> {
  const seedMoment = new Date();
  // The seed seals secrets with the configured key: the same configuration as the test files.
  setConfig(testConfig());
  // With a server, its templates are seeded while the embedded copy is: most of that work is the
  // server's own, in its own processes, so the two go on side by side on two cores.
  const url = process.env.TEST_DATABASE_URL;
  const [files, templates] = await Promise.all([prepareEmbedded(seedMoment), url ? prepareTemplates(url, seedMoment) : null]);
  return {
    ...files,
    ...templates?.names,
    async remove() {
      files.remove();
      await templates?.remove();
    },
  };
}

/** The in-memory PGlite, dumped after the migrations and again after the demo data. */
async function prepareEmbedded(seedMoment: Date) {
  const pglite = await PGlite.create();
  // Every test file loads a copy (~200 a run), and a copy costs in proportion to its files: the
  // template databases (a third of them) are never used by a test on the embedded database, so they
  // are dropped (~0.2 s of CPU less a copy).
  await pglite.exec("alter database template0 is_template false; alter database template1 is_template false");
  for (const name of ["template0", "template1"]) await pglite.exec(`drop database ${name}`);
  const embedded = await openDatabase({ kind: "pglite", client: pglite });
  await embedded.migrate();
  const dumpPath = join(tmpdir(), `tarifa-pglite-migrated-${process.pid}.tar`);
  const seededDumpPath = join(tmpdir(), `tarifa-pglite-seeded-${process.pid}.tar`);
  // After a checkpoint, so a copy starts without replaying the write-ahead log (~0.5 s of CPU a copy).
  const writeDump = async (path: string) => {
    await pglite.exec("checkpoint");
    writeFileSync(path, new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  };
  await writeDump(dumpPath);
  await seed(embedded.db, seedMoment);
  await writeDump(seededDumpPath);
  await pglite.close();
  return {
    dumpPath,
    seededDumpPath,
    seedMoment: seedMoment.toISOString(),
    remove: () => [dumpPath, seededDumpPath].forEach((path) => rmSync(path, { force: true })),
  };
}

/** Two template databases on the server (migrated; migrated and seeded) each test file's own is copied from. */
async function prepareTemplates(url: string, seedMoment: Date) {
  const template = `tarifa_tpl_${process.pid}`;
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
  return {
    names: { template, seededTemplate },
    async remove() {
      for (const name of [template, seededTemplate]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
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
