import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackground } from "#api/services/jobs/background.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { setConfig } from "#config";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { startFakeChannex, type FakeChannex, type FakeProperty } from "#tests/helpers/fake-channex.ts";
import { connectEveryCategory, pushesSettled } from "./channex-fixture.ts";
import { bookingsFixture, stay, type BookingsFixture } from "./bookings-fixture.ts";

// Stay rules reach Channex as restrictions (issue 28), through the outbox, only what changed.
let t: TestApi;
let f: BookingsFixture;
let fake: FakeChannex;
let property: FakeProperty;
let queue: JobQueue | undefined;
const settled = (ms?: number) => pushesSettled(t.db, f.business.id, ms);
const restrictionCalls = () => fake.calls.filter((c) => c.path === "/api/v1/restrictions");

beforeAll(async () => {
  t = await createTestApi();
  fake = await startFakeChannex();
  setConfig({ ...t.config, CHANNEX_API_URL: fake.url });
  f = await bookingsFixture(t);
  property = fake.addProperty();
  queue = await startBackground(t.handle, { minPushIntervalMs: 0 });
  await connectEveryCategory(t.db, f, fake, property);
}, 300_000);
afterAll(async () => {
  await queue?.stop();
  await fake?.close();
  await t?.close();
});

describe("stay rules on Channex", () => {
  it("a changed night's restrictions go out once, in the documented shape, with the rate", async () => {
    await settled(120_000);
    fake.calls.length = 0;
    await t.json("PUT", `${f.base}/stay-rules/overrides`, { token: f.token, body: { category: f.standard.id, from: "2027-03-10", to: "2027-03-10", min_stay_arrival: 3, closed_to_departure: true }, status: 200 });
    await settled(120_000);
    expect(fake.rejected).toEqual([]);
    expect(restrictionCalls().map((c) => c.values)).toEqual([
      [
        {
          property_id: property.id,
          rate_plan_id: property.ratePlans[0].id,
          date_from: "2027-03-10",
          date_to: "2027-03-10",
          rate: "250.00",
          stop_sell: false,
          min_stay_arrival: 3,
          min_stay_through: 1,
          max_stay: 0,
          closed_to_arrival: false,
          closed_to_departure: true,
        },
      ],
    ]);
    // The same override again changes nothing: nothing is sent.
    fake.calls.length = 0;
    await t.json("PUT", `${f.base}/stay-rules/overrides`, { token: f.token, body: { category: f.standard.id, from: "2027-03-10", to: "2027-03-10", min_stay_arrival: 3 }, status: 200 });
    await settled(120_000);
    expect(restrictionCalls()).toEqual([]);
  });

  it("a cancellation that opens an orphan gap lowers that night's minimum on Channex", async () => {
    await t.json("PUT", `${f.base}/stay-rules/settings`, { token: f.token, body: { gap_fill: true, gap_max_nights: 2, gap_discount_percent: 0, mode: "off", bases: { [f.suite.id]: { min_stay: 2 } } }, status: 200 });
    await settled(120_000);
    const book = (arrival: string, departure: string) => t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { room_category_uuid: f.suite.id, arrival, departure }), status: 201 });
    // Suíte has 2 rooms: full 04-05..04-06 and 04-08..04-09; 04-07 full too until one stay is cancelled.
    for (const [a, d] of [["2027-04-05", "2027-04-07"], ["2027-04-05", "2027-04-07"], ["2027-04-08", "2027-04-10"], ["2027-04-08", "2027-04-10"], ["2027-04-07", "2027-04-08"]]) await book(a, d);
    const { reservation } = await book("2027-04-07", "2027-04-08");
    await settled(120_000);
    fake.calls.length = 0;
    await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, status: 200 });
    await settled(120_000);
    expect(fake.rejected).toEqual([]);
    const suitePlan = property.ratePlans[2].id;
    const sent = restrictionCalls().flatMap((c) => c.values).filter((v) => v.rate_plan_id === suitePlan);
    expect(sent).toEqual([expect.objectContaining({ date_from: "2027-04-07", date_to: "2027-04-07", min_stay_arrival: 1 })]);
  });
  it("an orphan gap's discount moves the night's price in the calendar and on Channex; booking the gap puts the price back", async () => {
    await t.json("PUT", `${f.base}/stay-rules/settings`, { token: f.token, body: { gap_fill: true, gap_max_nights: 2, gap_discount_percent: 20, mode: "off", bases: { [f.suite.id]: { min_stay: 2 } } }, status: 200 });
    const book = (arrival: string, departure: string) => t.json("POST", `${f.base}/reservations`, { token: f.token, body: stay(f, { room_category_uuid: f.suite.id, arrival, departure }), status: 201 });
    // Suíte (2 rooms, R$ 350): full 05-10..05-11 and 05-13..05-14, and 05-12 until one stay is cancelled.
    for (const [a, d] of [["2027-05-10", "2027-05-12"], ["2027-05-10", "2027-05-12"], ["2027-05-13", "2027-05-15"], ["2027-05-13", "2027-05-15"], ["2027-05-12", "2027-05-13"]]) await book(a, d);
    const { reservation } = await book("2027-05-12", "2027-05-13");
    const cell = async (night: string) => {
      const answer = await t.json("GET", `${f.base}/calendar?from=${night}&to=${night}&category=${f.suite.id}&explain=true`, { token: f.token, status: 200 });
      return answer.days[0].rates[0] as { rate: number; explanation: { step: string; amount: number; detail: unknown }[] };
    };
    const suiteRates = () =>
      restrictionCalls()
        .flatMap((c) => c.values)
        .filter((v) => v.rate_plan_id === property.ratePlans[2].id && v.date_from === "2027-05-12")
        .map((v) => v.rate);
    await settled(120_000);
    expect((await cell("2027-05-12")).rate).toBe(35_000);
    fake.calls.length = 0;

    await t.json("POST", `${f.base}/reservations/${reservation.uuid}/cancel`, { token: f.token, status: 200 });
    const gap = await cell("2027-05-12");
    expect(gap.rate).toBe(28_000);
    expect(gap.explanation).toContainEqual({ step: "gapDiscount", amount: -7_000, detail: { percentage: 20, first: "2027-05-12", last: "2027-05-12", nights: 1 } });
    // The neighbours are not in the gap: no discount there.
    expect((await cell("2027-05-11")).explanation.map((s) => s.step)).not.toContain("gapDiscount");
    // The cancellation queued the night for the channel push (the outbox): Channex gets the discounted rate, once.
    await settled(120_000);
    expect(fake.rejected).toEqual([]);
    expect(suiteRates()).toEqual(["280.00"]);

    fake.calls.length = 0;
    await book("2027-05-12", "2027-05-13");
    expect((await cell("2027-05-12")).rate).toBe(35_000);
    await settled(120_000);
    expect(suiteRates()).toEqual(["350.00"]);
  });
});
