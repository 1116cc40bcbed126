/**
 * Reservation statuses and what may happen to each. A reservation *holds* rooms (counts in the
 * inventory and as sold in occupancy) while pending, confirmed, checked in or checked out: a
 * checked-out stay did fill those nights. Cancelled and no-show reservations release them.
 */
export const RESERVATION_STATUSES = ["pending", "confirmed", "checked_in", "checked_out", "cancelled", "no_show"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_ACTIONS = ["confirm", "cancel", "check_in", "check_out", "no_show"] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

/** The statuses a new reservation may start in. */
export const INITIAL_STATUSES = ["pending", "confirmed"] as const satisfies readonly ReservationStatus[];

const HOLDING: ReadonlySet<ReservationStatus> = new Set(["pending", "confirmed", "checked_in", "checked_out"]);

export function holdsRooms(status: ReservationStatus): boolean {
  return HOLDING.has(status);
}

const TRANSITIONS: Record<ReservationAction, { from: readonly ReservationStatus[]; to: ReservationStatus }> = {
  confirm: { from: ["pending"], to: "confirmed" },
  cancel: { from: ["pending", "confirmed"], to: "cancelled" },
  check_in: { from: ["pending", "confirmed"], to: "checked_in" },
  check_out: { from: ["checked_in"], to: "checked_out" },
  no_show: { from: ["pending", "confirmed"], to: "no_show" },
};

export type TransitionRefusal = "status" | "tooEarly" | "afterStay";

/**
 * Whether `action` may happen to a reservation in `status` for a stay from `arrival` to
 * `departure` on the business's `today`. Check-in is possible from the arrival day until the
 * last night; a no-show only once the arrival day has come. Cancelling and checking out have
 * no date rule (a stay may end early; a past booking may be cancelled to correct the record).
 */
export function checkTransition(
  action: ReservationAction,
  stay: { status: ReservationStatus; arrival: string; departure: string },
  today: string,
): { ok: true; to: ReservationStatus } | { ok: false; reason: TransitionRefusal } {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(stay.status)) return { ok: false, reason: "status" };
  if (action === "check_in") {
    if (today < stay.arrival) return { ok: false, reason: "tooEarly" };
    if (today >= stay.departure) return { ok: false, reason: "afterStay" };
  }
  if (action === "no_show" && today < stay.arrival) return { ok: false, reason: "tooEarly" };
  return { ok: true, to: rule.to };
}

/** The actions offered for a reservation today (the screen shows these buttons). */
export function availableActions(stay: { status: ReservationStatus; arrival: string; departure: string }, today: string): ReservationAction[] {
  return RESERVATION_ACTIONS.filter((a) => checkTransition(a, stay, today).ok);
}

/** Which fields can still change: everything before arrival, only the end of the stay once checked in. */
export function editableFields(status: ReservationStatus): "all" | "departure" | "none" {
  if (status === "pending" || status === "confirmed") return "all";
  if (status === "checked_in") return "departure";
  return "none";
}

/** A checked-out stay that ends before its departure gives the remaining nights back. */
export function departureAfterCheckOut(stay: { arrival: string; departure: string }, today: string, nextDay: (d: string) => string): string {
  if (today >= stay.departure) return stay.departure;
  const earliest = nextDay(stay.arrival);
  return today < earliest ? earliest : today;
}
