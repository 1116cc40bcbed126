import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "#app/lib/format-date.ts";
import { formatInstant } from "#domain/intl-formats.ts";

/**
 * Issue 24: a guest booked at 13:11 in São Paulo and /notifications/list, rendered on a server in
 * UTC, said 16:11. Every time goes through formatInstant with the business's zone; the process's
 * own zone (TZ) must change nothing.
 */
const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

/** Renders under a process time zone, as a server started with TZ=… would. */
function inProcessZone<T>(zone: string, render: () => T): T {
  process.env.TZ = zone;
  return render();
}

const BOOKED = "2026-11-28T16:11:00.000Z"; // 13:11 in São Paulo

describe("a time shown anywhere", () => {
  it("reads the business's clock whether the server runs in UTC or elsewhere", () => {
    const zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/Lisbon"];
    const page = zones.map((zone) => inProcessZone(zone, () => formatDateTime(BOOKED, "pt-BR", "America/Sao_Paulo")));
    expect(new Set(page)).toEqual(new Set(["28/11/2026, 13:11"]));
    const mail = zones.map((zone) => inProcessZone(zone, () => formatInstant(new Date(BOOKED), "en-US", "America/Sao_Paulo")));
    expect(new Set(mail)).toEqual(new Set(["11/28/26, 1:11 PM"]));
  });

  it("the process zone does move an unzoned format (what the pages did before)", () => {
    const unzoned = (zone: string) => inProcessZone(zone, () => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(BOOKED)));
    expect(unzoned("UTC")).toBe("28/11/2026, 16:11");
    expect(unzoned("America/Sao_Paulo")).toBe("28/11/2026, 13:11");
  });

  it("follows each business's own zone", () => {
    expect(formatInstant(BOOKED, "pt-BR", "America/Manaus")).toBe("28/11/2026, 12:11");
    expect(formatInstant(BOOKED, "it-IT", "Europe/Rome", { dateStyle: "long", timeStyle: "short" })).toBe("28 novembre 2026 alle ore 17:11");
  });
});
