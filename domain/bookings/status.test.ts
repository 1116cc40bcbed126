import { describe, expect, it } from "vitest";
import { addDays } from "./stay.ts";
import { availableActions, checkTransition, departureAfterCheckOut, editableFields, holdsRooms, RESERVATION_STATUSES } from "./status.ts";
import { CODE_ALPHABET, CODE_LENGTH, reservationCode } from "./code.ts";

const stay = (status: (typeof RESERVATION_STATUSES)[number]) => ({ status, arrival: "2026-04-10", departure: "2026-04-13" });

describe("reservation statuses", () => {
  it("hold rooms until cancelled or a no-show", () => {
    expect(RESERVATION_STATUSES.filter(holdsRooms)).toEqual(["pending", "confirmed", "checked_in", "checked_out"]);
  });

  it("move only along the allowed transitions", () => {
    expect(checkTransition("confirm", stay("pending"), "2026-04-01")).toEqual({ ok: true, to: "confirmed" });
    expect(checkTransition("cancel", stay("confirmed"), "2026-04-01")).toEqual({ ok: true, to: "cancelled" });
    expect(checkTransition("cancel", stay("checked_in"), "2026-04-11")).toEqual({ ok: false, reason: "status" });
    expect(checkTransition("check_out", stay("confirmed"), "2026-04-11")).toEqual({ ok: false, reason: "status" });
    expect(checkTransition("check_out", stay("checked_in"), "2026-04-11")).toEqual({ ok: true, to: "checked_out" });
    for (const terminal of ["cancelled", "no_show", "checked_out"] as const) {
      expect(availableActions(stay(terminal), "2026-04-11")).toEqual([]);
    }
  });

  it("check in from the arrival day until the last night", () => {
    expect(checkTransition("check_in", stay("confirmed"), "2026-04-09")).toEqual({ ok: false, reason: "tooEarly" });
    expect(checkTransition("check_in", stay("confirmed"), "2026-04-10").ok).toBe(true);
    expect(checkTransition("check_in", stay("confirmed"), "2026-04-12").ok).toBe(true);
    expect(checkTransition("check_in", stay("confirmed"), "2026-04-13")).toEqual({ ok: false, reason: "afterStay" });
  });

  it("mark a no-show only once the arrival day has come", () => {
    expect(checkTransition("no_show", stay("confirmed"), "2026-04-09").ok).toBe(false);
    expect(checkTransition("no_show", stay("confirmed"), "2026-04-10").ok).toBe(true);
    expect(availableActions(stay("confirmed"), "2026-04-01")).toEqual(["cancel"]);
    expect(availableActions(stay("pending"), "2026-04-10")).toEqual(["confirm", "cancel", "check_in", "no_show"]);
  });

  it("limit edits by status", () => {
    expect(editableFields("confirmed")).toBe("all");
    expect(editableFields("checked_in")).toBe("departure");
    expect(editableFields("cancelled")).toBe("none");
  });

  it("give back the nights a guest does not stay after an early check-out", () => {
    const next = (d: string) => addDays(d, 1);
    expect(departureAfterCheckOut({ arrival: "2026-04-10", departure: "2026-04-13" }, "2026-04-12", next)).toBe("2026-04-12");
    expect(departureAfterCheckOut({ arrival: "2026-04-10", departure: "2026-04-13" }, "2026-04-10", next)).toBe("2026-04-11");
    expect(departureAfterCheckOut({ arrival: "2026-04-10", departure: "2026-04-13" }, "2026-04-20", next)).toBe("2026-04-13");
  });
});

describe("reservation codes", () => {
  it("use the unambiguous alphabet", () => {
    const code = reservationCode(new Uint8Array([0, 1, 2, 30, 31, 255]));
    expect(code).toHaveLength(CODE_LENGTH);
    expect([...code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(code).not.toMatch(/[01OIL]/);
  });
});
