import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedUsers } from "#api/seed/users.ts";
import { openDatabase, pgliteDataDir, type DatabaseHandle } from "#api/db/client.ts";
import { startApiProcess, type ApiProcess } from "#tests/helpers/api-process.ts";
import { createTestApi } from "#tests/helpers/api.ts";
import { createPgliteTestDatabase, createTestDatabase, moveToDataDir } from "#tests/helpers/db.ts";
import { bookingsFixture, inventoryMatches, orphanCount, stay, type BookingsFixture } from "./bookings-fixture.ts";

/**
 * Crash and restart (issue #15): the API runs in a process of its own, takes a burst of writes
 * (reservations, cancellations, room blocks) from several clients at once and is killed with
 * SIGKILL in the middle of it. Restarted on the same data, it must still have every write it
 * acknowledged, and the inventory counters must still equal the reservations and blocks.
 * On the embedded database (a PGlite data directory) always, and on the PostgreSQL server
 * when TEST_DATABASE_URL is set.
 */
interface Prepared {
  /** The server's environment: where its database is. */
  env: Record<string, string>;
  /** The database for the checks, once the server has stopped. */
  reopen(): Promise<DatabaseHandle>;
  /** Lets go of a database the test opened (a PGlite directory must be free for the server). */
  release(check: DatabaseHandle): Promise<void>;
  cleanup(): Promise<void>;
}

interface Target {
  name: string;
  /** A fresh, migrated test database of this kind. */
  create(): Promise<DatabaseHandle & { url?: string }>;
  /** Moves the hotel the test made, on a fresh test database, to where a server process can open it. */
  prepare(handle: DatabaseHandle & { url?: string }): Promise<Prepared>;
}

const pglite: Target = {
  name: "PGlite data directory",
  create: createPgliteTestDatabase,
  async prepare(handle) {
    const dataDir = mkdtempSync(join(tmpdir(), "tarifa-crash-"));
    await moveToDataDir(handle, dataDir);
    return {
      env: { DATA_DIR: dataDir },
      reopen: () => openDatabase({ kind: "pglite", dataDir: pgliteDataDir(dataDir) }),
      release: (check) => check.close(),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

const postgres: Target = {
  name: "PostgreSQL",
  create: createTestDatabase,
  async prepare(handle) {
    const dataDir = mkdtempSync(join(tmpdir(), "tarifa-crash-"));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: handle.url! },
      reopen: async () => handle,
      release: async () => undefined,
      cleanup: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const targets = process.env.TEST_DATABASE_URL ? [pglite, postgres] : [pglite];

/** What the server answered 2xx to: these must survive the crash. */
interface Acknowledged {
  /** "cancelling": a cancel is in flight; "unknown": the server died before answering it (either outcome is right). */
  reservations: Map<string, "open" | "cancelling" | "cancelled" | "unknown">;
  blocks: Set<string>;
  requests: number;
}

const day = (i: number) => new Date(Date.UTC(2027, 2, 1) + i * 86_400_000).toISOString().slice(0, 10);

/**
 * Clients writing at once until the server goes away: stays of one to three nights over two
 * months in the three categories (some refused with 409 when full), cancellations of stays it
 * confirmed, and room blocks. Resolves when every client has seen the connection fail.
 */
async function writeUntilGone(server: ApiProcess, f: BookingsFixture, ack: Acknowledged, clients: number) {
  const categories = [f.standard.id, f.deluxe.id, f.suite.id];
  const post = (path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function client(c: number) {
    for (let n = 0; ; n++) {
      const i = c * 7919 + n * 31;
      try {
        ack.requests++;
        if (n % 4 === 3) {
          const open = [...ack.reservations].find(([, state]) => state === "open");
          if (!open) continue;
          ack.reservations.set(open[0], "cancelling");
          const res = await post(`${f.base}/reservations/${open[0]}/cancel`).catch((error: unknown) => {
            // No answer: the cancel may or may not have committed.
            ack.reservations.set(open[0], "unknown");
            throw error;
          });
          ack.reservations.set(open[0], res.status === 200 ? "cancelled" : "open");
          await res.body?.cancel();
        } else if (n % 5 === 4) {
          const start = day(i % 60);
          const res = await post(`${f.base}/room-blocks`, { room_category_uuid: categories[i % 2], count: 1, starts_at: start, ends_at: start, reason: "maintenance" });
          if (res.status === 201) ack.blocks.add(((await res.json()) as { room_block: { uuid: string } }).room_block.uuid);
          else await res.body?.cancel();
        } else {
          const arrival = i % 60;
          const body = stay(f, { arrival: day(arrival), departure: day(arrival + 1 + (i % 3)), room_category_uuid: categories[i % 3], adults: 2, guest: { name: `Rajada ${c}-${n}` } });
          const res = await post(`${f.base}/reservations`, body);
          if (res.status === 201) ack.reservations.set(((await res.json()) as { reservation: { uuid: string } }).reservation.uuid, "open");
          else if (res.status !== 409) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          else await res.body?.cancel();
        }
      } catch (error) {
        if (error instanceof TypeError) return; // the connection went away: the server is dead
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(targets)("a server killed with SIGKILL during a burst of writes, on $name", (target) => {
  it("has, once restarted on the same data, every write it acknowledged, and counters that equal the reservations", { timeout: 300_000 }, async () => {
    // Only the accounts (the fixture's owner signs in), not the whole demo hotel: a quicker start.
    const handle = await target.create();
    const t = await createTestApi({ handle, seed: false });
    await seedUsers(t.db, t.clock.now);
    const f = await bookingsFixture(t);
    const db = await target.prepare(handle);
    cleanups.push(db.cleanup);

    let server = await startApiProcess(db.env);
    cleanups.push(async () => void (await server.kill()));
    const ack: Acknowledged = { reservations: new Map(), blocks: new Set(), requests: 0 };
    const burst = writeUntilGone(server, f, ack, 6);
    // Kill once enough writes are acknowledged, with requests still in flight.
    while (ack.reservations.size + ack.blocks.size < 30) {
      if ((await Promise.race([burst.then(() => "ended"), new Promise((r) => setTimeout(r, 20))])) === "ended") throw new Error("the burst ended before the kill");
    }
    expect(await server.kill()).toBe("SIGKILL");
    await burst;
    expect(ack.reservations.size).toBeGreaterThan(15);

    server = await startApiProcess(db.env);
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${f.token}` } });
    const found = await Promise.all(
      [...ack.reservations].map(async ([id, state]) => {
        const res = await get(`${f.base}/reservations/${id}`);
        if (res.status !== 200) return `${id}: acknowledged (${state}), answered ${res.status}`;
        const { status } = ((await res.json()) as { data: { status: string } }).data;
        const right = state === "unknown" || (state === "cancelled") === (status === "cancelled");
        return right ? null : `${id}: acknowledged as ${state}, found ${status}`;
      }),
    );
    const lost = found.filter(Boolean);
    expect(lost, "acknowledged reservations missing or in the wrong state").toEqual([]);
    const blocks = (await (await get(`${f.base}/room-blocks?from=${day(0)}&to=${day(62)}`)).json()) as { data: { uuid: string }[] };
    const kept = new Set(blocks.data.map((b) => b.uuid));
    for (const id of ack.blocks) expect(kept.has(id), `room block ${id}`).toBe(true);
    // And the restarted server takes new bookings.
    const after = await fetch(`${server.url}${f.base}/reservations`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.token}`, "content-type": "application/json" },
      body: JSON.stringify(stay(f, { arrival: "2027-09-01", departure: "2027-09-03" })),
    });
    expect(after.status).toBe(201);
    expect(await server.stop()).toBe("exit 0");

    const check = await db.reopen();
    try {
      expect((await inventoryMatches(check.db, f.business.id)).detail).toBe("");
      expect(await orphanCount(check.db, f.business.id)).toBe(0);
    } finally {
      await db.release(check);
    }
    console.log(`${target.name}: ${ack.requests} requests, ${ack.reservations.size} reservations and ${ack.blocks.size} blocks acknowledged before the kill`);
  });
});
