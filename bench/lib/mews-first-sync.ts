// The Mews connector's first sync (issue 25, ADR 0049): 10,000 reservations from the fake
// Connector API (tests/helpers/fake-mews.ts, the documented shapes, pages of 1000, windows of at
// most three months) into a fresh embedded PGlite as a server opens it, timed end to end — the
// pull, the import's dry run and writer, the price push — then an incremental pull of 100 changes.
import { eq } from "drizzle-orm";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import type { BenchRow } from "#bench/types.ts";

const RESERVATIONS = 10_000;

export async function mewsFirstSyncRows(): Promise<BenchRow[]> {
  const { parseConfig, setConfig } = await import("#config");
  const { openDatabase, SERVER_PGLITE_SETTINGS } = await import("#api/db/client.ts");
  const { businesses, mewsConnections, pmsSystems, roomCategories, users } = await import("#api/db/schema/index.ts");
  const { seedUsers, demoUsers } = await import("#api/seed/users.ts");
  const { sealRecord } = await import("#api/services/secrets.ts");
  const { syncMews } = await import("#api/services/pms/mews-sync.ts");
  const { ADULTS, CATEGORY_IDS, documentedReservation, documentedSpaceOrder, startFakeMews } = await import("#tests/helpers/fake-mews.ts");

  const fake = await startFakeMews();
  // The hotel's Mews prices in the business's currency, so its prices are pushed back.
  fake.state.currency = "BRL";
  setConfig(parseConfig({ NODE_ENV: "production", DATA_DIR: "/tmp/tarifa-bench-mews", SESSION_SECRET: "bench-secret-bench-secret-bench-secret!", LOG_LEVEL: "silent", MEWS_API_URL: fake.url, MEWS_CLIENT_TOKEN: fake.clientToken }));
  const handle = await openDatabase({ kind: "pglite", settings: SERVER_PGLITE_SETTINGS });
  try {
    await handle.migrate();
    const db = handle.db;
    await seedUsers(db, new Date());
    const [owner] = await db.select().from(users).where(eq(users.email, demoUsers.owner.email));
    const [mews] = (await db.select().from(pmsSystems)).filter((p) => p.settings.kind === "mews");
    const [business] = await db
      .insert(businesses)
      .values({ ownerId: owner!.id, slug: "mews-bench", companyName: "Hotel Mews (bench)", status: "SETUP_DONE", roomCount: 120, totalRooms: 120, pmsId: mews!.id, pmsCredentials: sealRecord({ access_token: fake.accessToken }) })
      .returning();
    await db.insert(roomCategories).values([
      { businessId: business!.id, name: "Standard", roomCount: 80, minOccupation: 1, maxOccupation: 2, position: 0 },
      { businessId: business!.id, name: "Suite", roomCount: 40, minOccupation: 1, maxOccupation: 4, position: 1 },
    ]);
    await db.insert(mewsConnections).values({ businessId: business!.id });

    // Stays starting from three years back to two years ahead, 1–4 nights, one in ten cancelled.
    const today = todayIn(business!.timezone);
    const span = 5 * 365;
    for (let i = 0; i < RESERVATIONS; i++) {
      const arrival = addDays(today, -3 * 365 + 2 + Math.floor((i * (span - 4)) / RESERVATIONS));
      const created = addDays(arrival, -1 - (i % 90));
      const cancelled = i % 10 === 0;
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      fake.state.reservations.push(
        documentedReservation({
          Id: id,
          Number: String(i),
          State: cancelled ? "Canceled" : arrival < today ? "Processed" : "Confirmed",
          Origin: "ChannelManager",
          CommanderOrigin: null,
          CreatedUtc: `${created}T10:00:00Z`,
          UpdatedUtc: `${cancelled ? addDays(created, 1) : created}T10:00:00Z`,
          CancelledUtc: cancelled ? `${addDays(created, 1)}T10:00:00Z` : null,
          CancellationReason: cancelled ? "RequestedByGuest" : null,
          RequestedResourceCategoryId: i % 3 === 0 ? CATEGORY_IDS.suite : CATEGORY_IDS.standard,
          ScheduledStartUtc: `${arrival}T13:00:00Z`,
          ScheduledEndUtc: `${addDays(arrival, 1 + (i % 4))}T10:00:00Z`,
          PersonCounts: [{ AgeCategoryId: ADULTS, Count: 2 }],
        }),
      );
      fake.state.orderItems.push(documentedSpaceOrder(`10000000-0000-4000-8000-${String(i).padStart(12, "0")}`, id, 180 * (1 + (i % 4)), "BRL"));
    }
    fake.state.nowUtc = new Date().toISOString();

    const started = performance.now();
    const cpu = process.cpuUsage();
    const first = await syncMews(db, business!.id);
    const firstDone = performance.now();
    const firstCpu = process.cpuUsage(cpu);
    if (!first.ok) throw new Error(`first sync failed: ${first.error}`);

    // 100 of them change in Mews (cancelled), then the incremental pull.
    const changedAt = new Date(Date.now() + 1000).toISOString();
    for (const r of fake.state.reservations.slice(-200, -100)) Object.assign(r, { State: "Canceled", CancelledUtc: changedAt, CancellationReason: "RequestedByGuest", UpdatedUtc: changedAt });
    fake.state.nowUtc = new Date(Date.now() + 60_000).toISOString();
    const again = performance.now();
    const second = await syncMews(db, business!.id);
    const secondDone = performance.now();
    if (!second.ok) throw new Error(`incremental sync failed: ${second.error}`);
    return [
      { name: `Mews connector: first sync of ${first.read} reservations from the fake (pull + import + price push), PGlite`, value: (firstDone - started) / 1000, unit: "s", goal: "<= 60 s" },
      // The CPU this process spent on it (PGlite and the fake run in it): what a busy shared machine distorts least.
      { name: "Mews connector: first sync, CPU time of the process (user + system)", value: (firstCpu.user + firstCpu.system) / 1e6, unit: "s" },
      { name: `Mews connector: incremental sync of ${second.read} updated reservations (${fake.state.calls.length} Connector API calls in both syncs)`, value: (secondDone - again) / 1000, unit: "s" },
    ];
  } finally {
    await handle.close();
    await fake.close();
  }
}
