import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "#api/db/query.ts";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyCommandRuns, icalImports, roomBlocks } from "#api/db/schema/index.ts";
import { dailyCommand } from "#api/services/daily/commands.ts";
import { runDailyCommand } from "#api/services/daily/runs.ts";
import { businessesWithIcalImports, ICAL_POLL_JOB, pollIcalImports, runPollJob, sweepPollRequests } from "#api/services/ledger/ical-imports.ts";
import { backgroundFor } from "#api/services/jobs/server-jobs.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { bookingsFixture, inventoryMatches, stay, type BookingsFixture } from "./bookings-fixture.ts";

let t: TestApi;
let f: BookingsFixture;
let room: Record<string, string>;
let server: Server;
let origin: string;
/** What the fake channel answers, by path: [status, body, content type]. */
const pages = new Map<string, [number, string, string?]>();
let hits = 0;
/** Requests for /slow.ics wait for this (a calendar that does not answer until released). */
let slowGate: Promise<void> = Promise.resolve();
const pollCommand = dailyCommand("ical.poll")!;

beforeAll(async () => {
  t = await createTestApi();
  t.clock.now = new Date("2027-01-15T12:00:00Z");
  f = await bookingsFixture(t);
  const list = (await t.json("GET", `${f.base}/rooms`, { token: f.token, status: 200 })).data as { uuid: string; number: string }[];
  room = Object.fromEntries(list.map((r) => [r.number, r.uuid]));
  server = createServer(async (req, res) => {
    hits++;
    if (req.url === "/slow.ics") await slowGate;
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(page[0], { "content-type": page[2] ?? "text/calendar" }).end(page[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const post = (path: string, body: unknown, status: number) => t.json("POST", `${f.base}${path}`, { token: f.token, body, status, lang: "en" });
const importOf = async (uuid: string) => (await t.json("GET", `${f.base}/ical-imports`, { token: f.token, lang: "en", status: 200 })).data.find((i: { uuid: string }) => i.uuid === uuid);

/**
 * "Check now" of one import as the owner: answered at once (202) with the import `checking`,
 * then its job run as the queue's worker would. Answers the job's result and the import after it.
 */
async function checkNow(uuid: string) {
  const asked = await post(`/ical-imports/${uuid}/poll`, {}, 202);
  expect(asked).toMatchObject({ queued: true, ical_import: { uuid, checking: true } });
  const data = await runPollJob(t.db, { businessId: f.business.id, importId: uuid, userId: f.owner.id }, { now: t.clock.now });
  const ical_import = await importOf(uuid);
  expect(ical_import.checking).toBe(false);
  return { data, ical_import };
}

/** The nights an iCal text blocks, read back with ical.js (DTEND exclusive). */
function blockedNights(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const nights: string[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    expect(event.startDate.isDate).toBe(true);
    for (let day = event.startDate.clone(); day.compare(event.endDate) < 0; day.adjust(1, 0, 0, 0)) nights.push(day.toString());
  }
  return nights.sort();
}

function calendar(events: { uid: string; start: string; end: string; summary?: string }[]) {
  const d = (iso: string) => iso.replaceAll("-", "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Fake channel//EN",
    ...events.flatMap((e) => ["BEGIN:VEVENT", `UID:${e.uid}`, `DTSTART;VALUE=DATE:${d(e.start)}`, `DTEND;VALUE=DATE:${d(e.end)}`, `SUMMARY:${e.summary ?? "Reserved"}`, "END:VEVENT"]),
    "END:VCALENDAR",
  ].join("\r\n");
}

const blocksOf = (categoryId: string) =>
  t.db
    .select({ startsAt: roomBlocks.startsAt, endsAt: roomBlocks.endsAt, roomId: roomBlocks.roomId })
    .from(roomBlocks)
    .where(and(eq(roomBlocks.businessId, f.business.id), eq(roomBlocks.categoryId, categoryId)))
    .orderBy(roomBlocks.startsAt);

describe("export feeds", () => {
  it("publish a room's held and blocked nights, and a category's full nights, at a secret address", async () => {
    await post("/reservations", stay(f, { arrival: "2027-02-01", departure: "2027-02-04", room_uuid: room["201"] }), 201);
    await post("/room-blocks", { room_uuid: room["201"], starts_at: "2027-02-04", ends_at: "2027-02-05", reason: "maintenance" }, 201);
    await post("/reservations", stay(f, { arrival: "2027-02-10", departure: "2027-02-11", room_uuid: room["201"] }), 201);
    // Another room's stay is not room 201's business.
    await post("/reservations", stay(f, { arrival: "2027-02-20", departure: "2027-02-22", room_uuid: room["202"] }), 201);
    // The Suíte category (2 rooms) is full on the 7th only.
    await post("/reservations", stay(f, { arrival: "2027-02-06", departure: "2027-02-08", room_category_uuid: f.suite.id }), 201);
    await post("/reservations", stay(f, { arrival: "2027-02-07", departure: "2027-02-08", room_category_uuid: f.suite.id }), 201);

    const { ical_feed: roomFeed } = await post("/ical-feeds", { room_uuid: room["201"] }, 201);
    const { ical_feed: suiteFeed } = await post("/ical-feeds", { room_category_uuid: f.suite.id }, 201);
    expect(roomFeed).toMatchObject({ room: { number: "201" }, room_category: null, last_fetched_at: null });
    expect(roomFeed.url).toMatch(/^http:\/\/localhost:3000\/api\/public\/ical\/[A-Za-z0-9_-]{43}\.ics$/);

    const path = (feed: { url: string }) => new URL(feed.url).pathname;
    const res = await t.call("GET", path(roomFeed));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(blockedNights(text)).toEqual(["2027-02-01", "2027-02-02", "2027-02-03", "2027-02-04", "2027-02-05", "2027-02-10"]);
    expect(text).not.toContain("Maria");
    const suite = await (await t.call("GET", path(suiteFeed))).text();
    expect(blockedNights(suite)).toEqual(["2027-02-07"]);

    const listed = (await t.json("GET", `${f.base}/ical-feeds`, { token: f.token, status: 200 })).data;
    expect(listed.find((x: { uuid: string }) => x.uuid === roomFeed.uuid).last_fetched_at).not.toBeNull();

    // A new address replaces the old one at once; revoking ends it.
    const { ical_feed: renewed } = await post(`/ical-feeds/${roomFeed.uuid}/regenerate`, {}, 200);
    expect(renewed.url).not.toBe(roomFeed.url);
    expect((await t.call("GET", path(roomFeed))).status).toBe(404);
    expect((await t.call("GET", path(renewed))).status).toBe(200);
    expect((await t.call("DELETE", `${f.base}/ical-feeds/${renewed.uuid}`, { token: f.token })).status).toBe(204);
    expect((await t.call("GET", path(renewed))).status).toBe(404);
    expect((await t.call("GET", "/api/public/ical/not-a-token.ics")).status).toBe(404);
  });

  it("refuses a feed for both or neither of room and category, or another hotel's room", async () => {
    expect(Object.keys((await post("/ical-feeds", { room_uuid: room["101"], room_category_uuid: f.standard.id }, 422)).errors)).toEqual(["room_uuid"]);
    expect(Object.keys((await post("/ical-feeds", {}, 422)).errors)).toEqual(["room_uuid"]);
    expect(Object.keys((await post("/ical-feeds", { room_uuid: "00000000-0000-4000-8000-000000000000" }, 422)).errors)).toEqual(["room_uuid"]);
  });
});

describe("imports", () => {
  it("refuse an address that is not http(s) with 422", async () => {
    for (const url of ["ftp://example.com/a.ics", "file:///etc/passwd", "javascript:alert(1)", "webcal//x", "not a url"]) {
      const answer = await post("/ical-imports", { name: "X", url, room_category_uuid: f.standard.id }, 422);
      expect(answer.errors, url).toEqual({ url: ["Use an http:// or https:// address."] });
    }
    expect(Object.keys((await post("/ical-imports", { name: "X", url: "https://example.com/a.ics" }, 422)).errors)).toEqual(["room_category_uuid"]);
  });

  it("block each event once by UID, move moved ones, free cancelled ones", async () => {
    pages.set("/airbnb.ics", [
      200,
      calendar([
        { uid: "a@airbnb", start: "2027-03-01", end: "2027-03-04" },
        { uid: "b@airbnb", start: "2027-03-10", end: "2027-03-11" },
        // Already over: history, not blocked.
        { uid: "old@airbnb", start: "2027-01-01", end: "2027-01-03" },
      ]),
    ]);
    const { ical_import: imp } = await post("/ical-imports", { name: "Airbnb Standard", url: `${origin}/airbnb.ics`, room_category_uuid: f.standard.id }, 201);
    const first = await checkNow(imp.uuid);
    expect(first.data).toMatchObject({ created: 2, updated: 0, removed: 0, error: null });
    expect(first.ical_import).toMatchObject({ event_count: 2, last_error: null });
    expect(await blocksOf(f.standard.id)).toEqual([
      { startsAt: "2027-03-01", endsAt: "2027-03-03", roomId: null },
      { startsAt: "2027-03-10", endsAt: "2027-03-10", roomId: null },
    ]);

    // Polled again, unchanged: nothing new.
    const again = await checkNow(imp.uuid);
    expect(again.data).toMatchObject({ created: 0, updated: 0, removed: 0, error: null });
    expect(await blocksOf(f.standard.id)).toHaveLength(2);

    // Moved and cancelled.
    pages.set("/airbnb.ics", [200, calendar([{ uid: "a@airbnb", start: "2027-03-02", end: "2027-03-06" }])]);
    const moved = await checkNow(imp.uuid);
    expect(moved.data).toMatchObject({ created: 0, updated: 1, removed: 1, error: null });
    expect(await blocksOf(f.standard.id)).toEqual([{ startsAt: "2027-03-02", endsAt: "2027-03-05", roomId: null }]);
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");

    // Deleting the import frees its nights.
    expect((await t.call("DELETE", `${f.base}/ical-imports/${imp.uuid}`, { token: f.token })).status).toBe(204);
    expect(await blocksOf(f.standard.id)).toEqual([]);
  });

  it("record garbage, errors and unreachable addresses as sync errors, never a 5xx, and keep the blocks", async () => {
    pages.set("/booking.ics", [200, calendar([{ uid: "x@booking", start: "2027-04-01", end: "2027-04-03" }])]);
    const { ical_import: imp } = await post("/ical-imports", { name: "Booking 101", url: `${origin}/booking.ics`, room_uuid: room["101"] }, 201);
    expect(imp).toMatchObject({ room: { number: "101" }, room_category: { uuid: f.standard.id } });
    await checkNow(imp.uuid);
    const blocked = [{ startsAt: "2027-04-01", endsAt: "2027-04-02", roomId: room["101"] }];
    expect(await blocksOf(f.standard.id)).toEqual(blocked);

    const cases: [[number, string, string?], string, string][] = [
      [[200, "<!doctype html><html><body>Login</body></html>", "text/html"], "notCalendar", "the answer is not an iCal calendar"],
      [[200, "", "text/calendar"], "notCalendar", "the answer is not an iCal calendar"],
      [[200, "BEGIN:VCALENDAR\r\nthis is : not ; ical\r\n\u0000", "text/calendar"], "notCalendar", "the answer is not an iCal calendar"],
      [[500, "oops"], "http", "the address answered HTTP 500"],
    ];
    for (const [page, code, message] of cases) {
      pages.set("/booking.ics", page);
      const answer = await checkNow(imp.uuid);
      expect(answer.data?.error, code).toMatch(new RegExp(`^ledger:ical\\.error\\.${code}`));
      expect(answer.ical_import).toMatchObject({ last_error_code: code, last_error: message });
      expect(await blocksOf(f.standard.id)).toEqual(blocked);
    }
    // Nobody listening.
    await t.json("PUT", `${f.base}/ical-imports/${imp.uuid}`, { token: f.token, body: { name: "Booking 101", url: "http://127.0.0.1:9/none.ics", room_uuid: room["101"] }, status: 200 });
    const unreachable = await checkNow(imp.uuid);
    expect(unreachable.ical_import.last_error_code).toBe("network");
    expect(await blocksOf(f.standard.id)).toEqual(blocked);
    await t.call("DELETE", `${f.base}/ical-imports/${imp.uuid}`, { token: f.token });
  });

  it("report an event on nights with no room left, and block the rest", async () => {
    // Suíte has 2 rooms; both are sold on 2027-05-10.
    await post("/reservations", stay(f, { arrival: "2027-05-10", departure: "2027-05-11", room_category_uuid: f.suite.id }), 201);
    await post("/reservations", stay(f, { arrival: "2027-05-10", departure: "2027-05-11", room_category_uuid: f.suite.id }), 201);
    pages.set("/suite.ics", [
      200,
      calendar([
        { uid: "full", start: "2027-05-10", end: "2027-05-12" },
        { uid: "free", start: "2027-05-20", end: "2027-05-21" },
      ]),
    ]);
    const { ical_import: imp } = await post("/ical-imports", { name: "Suíte", url: `${origin}/suite.ics`, room_category_uuid: f.suite.id }, 201);
    const answer = await checkNow(imp.uuid);
    expect(answer.data).toMatchObject({ created: 1 });
    expect(answer.ical_import.last_error).toBe("1 event could not be blocked (no room free on those nights)");
    expect((await blocksOf(f.suite.id)).map((b) => b.startsAt)).toEqual(["2027-05-20"]);
    await t.call("DELETE", `${f.base}/ical-imports/${imp.uuid}`, { token: f.token });
  });

  it("round trip: our export imported into another room blocks the same nights, once, even polled twice at the same time", async () => {
    const { ical_feed: feed } = await post("/ical-feeds", { room_uuid: room["203"] }, 201);
    await post("/reservations", stay(f, { arrival: "2027-06-01", departure: "2027-06-03", room_uuid: room["203"] }), 201);
    await post("/room-blocks", { room_uuid: room["203"], starts_at: "2027-06-05", ends_at: "2027-06-05" }, 201);
    const exported = await (await t.call("GET", new URL(feed.url).pathname)).text();
    pages.set("/ours.ics", [200, exported]);
    await post("/ical-imports", { name: "Ours", url: `${origin}/ours.ics`, room_uuid: room["204"] }, 201);

    expect(await businessesWithIcalImports(t.db)).toEqual([f.business.id]);
    const [a, b] = await Promise.all([pollIcalImports(t.db, f.business.id, { now: t.clock.now }), pollIcalImports(t.db, f.business.id, { now: t.clock.now })]);
    const created = [...a, ...b].reduce((sum, r) => sum + r.created, 0);
    expect(created).toBe(2);
    const imported = (await blocksOf(f.deluxe.id)).filter((x) => x.roomId === room["204"]);
    expect(imported).toEqual([
      { startsAt: "2027-06-01", endsAt: "2027-06-02", roomId: room["204"] },
      { startsAt: "2027-06-05", endsAt: "2027-06-05", roomId: room["204"] },
    ]);
    await pollIcalImports(t.db, f.business.id, { now: t.clock.now });
    expect((await blocksOf(f.deluxe.id)).filter((x) => x.roomId === room["204"])).toHaveLength(2);
    // The daily command `ical.poll` runs the same poll for each business that has imports.
    expect(await pollCommand.businesses!(t.db, t.clock.now)).toEqual([f.business.id]);
    expect((await runDailyCommand(t.db, pollCommand, f.business.id, { now: t.clock.now })).outcome).toBe("succeeded");
    expect((await blocksOf(f.deluxe.id)).filter((x) => x.roomId === room["204"])).toHaveLength(2);
    expect((await inventoryMatches(t.db, f.business.id)).detail).toBe("");
  });

  it("refuse private addresses unless allowed", async () => {
    const before = hits;
    pages.set("/private.ics", [200, calendar([{ uid: "p", start: "2027-08-01", end: "2027-08-02" }])]);
    const { ical_import: imp } = await post("/ical-imports", { name: "Private", url: `${origin}/private.ics`, room_category_uuid: f.standard.id }, 201);
    const results = await pollIcalImports(t.db, f.business.id, { now: t.clock.now, allowPrivateHosts: false });
    expect(results.find((r) => r.uuid === imp.uuid)).toMatchObject({ created: 0, error: "ledger:ical.error.privateHost" });
    // The fake channel was never asked for it.
    expect([...pages.keys()]).toContain("/private.ics");
    expect(hits - before).toBe(0);
  });
});

describe("the daily command ical.poll", () => {
  it("fails a run when a calendar cannot be read, tells the team once per outage in their language, and runs at every slot", async () => {
    const g = await bookingsFixture(t);
    pages.set("/flaky.ics", [500, "oops", "text/plain"]);
    await t.json("POST", `${g.base}/ical-imports`, { token: g.token, body: { name: "Airbnb", url: `${origin}/flaky.ics`, room_category_uuid: g.standard.id }, status: 201 });
    expect(await pollCommand.businesses!(t.db, t.clock.now)).toContain(g.business.id);
    const told = async (lang = "en") =>
      (await t.json("GET", "/api/v1/notifications?kind=sync.error", { token: g.token, lang, status: 200 })).notifications.filter((n: { business_uuid: string }) => n.business_uuid === g.business.id);
    const run = () => runDailyCommand(t.db, pollCommand, g.business.id, { now: t.clock.now });

    const first = await run();
    expect(first).toMatchObject({ outcome: "failed", error: expect.stringMatching(/^1 iCal import\(s\) failed: [0-9a-f-]{36}: the address answered HTTP 500$/) });
    const [notice] = await told();
    expect(notice).toMatchObject({ title: "The iCal calendar “Airbnb” could not be read at Pousada Teste: the address answered HTTP 500", link: "/pms-settings/ical" });
    expect((await told("pt-BR"))[0].title).toBe("O calendário iCal “Airbnb” não pôde ser lido em Pousada Teste: o endereço respondeu HTTP 500");

    // The next slot runs again (a repeating command is not skipped for the day), still failing: not told again.
    const second = await run();
    expect(second.outcome).toBe("failed");
    expect(await told()).toHaveLength(1);
    // Read again, then broken again: a new outage, told again; the attempts count from the last success.
    pages.set("/flaky.ics", [200, calendar([{ uid: "f1", start: "2027-09-01", end: "2027-09-02" }])]);
    expect((await run()).outcome).toBe("succeeded");
    pages.set("/flaky.ics", [404, "gone", "text/plain"]);
    expect((await run()).outcome).toBe("failed");
    expect((await told()).map((n: { title: string }) => n.title)[0]).toBe("The iCal calendar “Airbnb” could not be read at Pousada Teste: the address answered HTTP 404");
    expect(await told()).toHaveLength(2);
    const runs = await t.db.select().from(dailyCommandRuns).where(and(eq(dailyCommandRuns.command, "ical.poll"), eq(dailyCommandRuns.businessId, g.business.id))).orderBy(dailyCommandRuns.startedAt);
    expect(runs.map((r) => [r.attempt, r.outcome])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "succeeded"],
      [1, "failed"],
    ]);
  });
});

describe("“check now” is a job on the queue (issue 24)", () => {
  let g: BookingsFixture;
  const asGuest = (path: string, status: number) => t.json("POST", `${g.base}${path}`, { token: g.token, body: {}, status, lang: "en" });
  const importOfG = async (uuid: string) => (await t.json("GET", `${g.base}/ical-imports`, { token: g.token, lang: "en", status: 200 })).data.find((i: { uuid: string }) => i.uuid === uuid);
  const create = async (name: string, path: string) =>
    (await t.json("POST", `${g.base}/ical-imports`, { token: g.token, body: { name, url: `${origin}${path}`, room_category_uuid: g.standard.id }, status: 201 })).ical_import.uuid as string;
  const job = (importId: string) => ({ businessId: g.business.id, importId, userId: g.owner.id });

  beforeAll(async () => {
    g = await bookingsFixture(t);
  });

  it("answers 202 at once without fetching; asking again while the check waits queues nothing; its end answers it, and then it may be asked again", async () => {
    pages.set("/queued.ics", [200, calendar([{ uid: "q1", start: "2027-10-01", end: "2027-10-03" }])]);
    const uuid = await create("Queued", "/queued.ics");
    const before = hits;
    expect(await asGuest(`/ical-imports/${uuid}/poll`, 202)).toMatchObject({ queued: true, ical_import: { checking: true, last_polled_at: null } });
    expect(hits).toBe(before);
    expect(await asGuest(`/ical-imports/${uuid}/poll`, 202)).toMatchObject({ queued: false, ical_import: { checking: true } });
    expect((await asGuest("/ical-imports/poll", 202)).queued).toEqual([]);
    expect(await runPollJob(t.db, job(uuid), { now: t.clock.now })).toMatchObject({ created: 1, error: null });
    expect(hits).toBe(before + 1);
    expect(await importOfG(uuid)).toMatchObject({ checking: false, event_count: 1, last_error: null });
    expect((await asGuest("/ical-imports/poll", 202)).queued).toEqual([uuid]);
    await runPollJob(t.db, job(uuid), { now: t.clock.now });
    expect((await importOfG(uuid)).checking).toBe(false);
    // Another business's import is not this owner's to check: 404, nothing asked.
    expect((await t.call("POST", `${f.base}/ical-imports/${uuid}/poll`, { token: f.token, body: {} })).status).toBe(404);
    await t.call("DELETE", `${g.base}/ical-imports/${uuid}`, { token: g.token });
  });

  it("a calendar that does not answer fails on its own time-out, recorded on it; the business's other calendar is checked all the same", async () => {
    let release = () => {};
    slowGate = new Promise<void>((done) => (release = done));
    pages.set("/slow.ics", [200, calendar([{ uid: "s1", start: "2027-10-10", end: "2027-10-11" }])]);
    pages.set("/fine.ics", [200, calendar([{ uid: "f1", start: "2027-10-20", end: "2027-10-21" }])]);
    const slow = await create("Slow", "/slow.ics");
    const fine = await create("Fine", "/fine.ics");
    expect((await asGuest("/ical-imports/poll", 202)).queued.sort()).toEqual([slow, fine].sort());
    const [slowResult, fineResult] = await Promise.all([runPollJob(t.db, job(slow), { now: t.clock.now, timeoutMs: 200 }), runPollJob(t.db, job(fine), { now: t.clock.now, timeoutMs: 200 })]);
    release();
    expect(slowResult).toMatchObject({ created: 0, error: "ledger:ical.error.timeout" });
    expect(fineResult).toMatchObject({ created: 1, error: null });
    expect(await importOfG(slow)).toMatchObject({ checking: false, last_error_code: "timeout" });
    expect(await importOfG(fine)).toMatchObject({ checking: false, event_count: 1 });
    for (const uuid of [slow, fine]) await t.call("DELETE", `${g.base}/ical-imports/${uuid}`, { token: g.token });
  });

  it("on the server's queue the job runs by itself, one per calendar at a time, and the page's import shows the result; a request left without a job gets one from the sweep", async () => {
    let release = () => {};
    slowGate = new Promise<void>((done) => (release = done));
    pages.set("/slow.ics", [200, calendar([{ uid: "s2", start: "2027-11-10", end: "2027-11-12" }])]);
    const uuid = await create("Slow on the queue", "/slow.ics");
    const queue = await backgroundFor(t.handle, { RENEWALS_EVERY_MINUTES: 0 }, () => t.clock.now);
    try {
      const jobs = async () => Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = ${ICAL_POLL_JOB} and data->>'importId' = ${uuid}`))[0].n);
      expect((await asGuest(`/ical-imports/${uuid}/poll`, 202)).queued).toBe(true);
      // The worker takes it and waits on the calendar: asking again starts no second job.
      await expect.poll(async () => Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = ${ICAL_POLL_JOB} and state = 'active'`))[0].n), { timeout: 30_000 }).toBe(1);
      expect(await asGuest(`/ical-imports/${uuid}/poll`, 202)).toMatchObject({ queued: false, ical_import: { checking: true } });
      expect(await jobs()).toBe(1);
      release();
      await expect.poll(async () => (await importOfG(uuid)).checking, { timeout: 30_000 }).toBe(false);
      expect(await importOfG(uuid)).toMatchObject({ event_count: 1, last_error: null, last_polled_at: expect.any(String) });
      expect(await jobs()).toBe(1);

      // A request left without a job (asked in a process that runs no queue): the minute's sweep gives it one.
      t.clock.now = new Date(t.clock.now.getTime() + 60_000);
      await t.db.update(icalImports).set({ pollRequestedAt: new Date(t.clock.now.getTime() - 45_000) }).where(eq(icalImports.id, uuid));
      expect((await importOfG(uuid)).checking).toBe(true);
      expect(await sweepPollRequests(t.db, queue, t.clock.now)).toBe(1);
      await expect.poll(async () => (await importOfG(uuid)).checking, { timeout: 30_000 }).toBe(false);
      expect(await jobs()).toBe(2);
      // Nothing asked any more: the sweep queues nothing, and a stray job does nothing.
      expect(await sweepPollRequests(t.db, queue, t.clock.now)).toBe(0);
      expect(await runPollJob(t.db, job(uuid), { now: t.clock.now })).toBeNull();
    } finally {
      release();
      await queue.stop();
    }
  }, 90_000);
});
