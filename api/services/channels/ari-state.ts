import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { channelAriState, type ChannexCategoryMapping } from "#api/db/schema/index.ts";
import type { AriWarning } from "./channex-client.ts";
import { channexPlanOf, stateKey, type NightValues } from "./ari-values.ts";

/**
 * What became of each night a push sent: accepted (sent), refused by Channex in a warning of its
 * 200 answer (failed with Channex's reason, remembered so the same values are not sent again), or
 * lost with a call that failed (failed, sent again at the next push).
 */

export type NightOutcome = { kind: "sent" } | { kind: "rejected"; reason: string } | { kind: "failed"; error: string };

/** "rate: must be greater than 0; stop_sell: is invalid" */
export function warningReason(warning: AriWarning): string {
  return Object.entries(warning.warning ?? {})
    .map(([field, messages]) => `${field}: ${(Array.isArray(messages) ? messages : [String(messages)]).join(", ")}`)
    .join("; ");
}

function covers(warning: AriWarning, id: string | null | undefined, night: string): boolean {
  if (!id) return false;
  const from = warning.date ?? warning.date_from;
  const to = warning.date ?? warning.date_to ?? from;
  return !!from && !!to && from <= night && night <= to;
}

/**
 * Each sent night's outcome from the warnings of the availability and restrictions answers: a
 * warning names its room type or rate plan and its date (or date range) as sent.
 */
export function outcomesOf(
  mapping: ChannexCategoryMapping,
  nights: { availability: NightValues[]; restriction: NightValues[] },
  warnings: { availability: AriWarning[]; restriction: AriWarning[] },
): Map<string, NightOutcome> {
  const out = new Map<string, NightOutcome>();
  const reject = (v: NightValues, reason: string) => {
    const seen = out.get(stateKey(v));
    out.set(stateKey(v), { kind: "rejected", reason: seen?.kind === "rejected" ? `${seen.reason}; ${reason}` : reason });
  };
  for (const v of nights.availability) {
    out.set(stateKey(v), out.get(stateKey(v)) ?? { kind: "sent" });
    const roomType = mapping[v.categoryId]?.room_type_id;
    for (const w of warnings.availability) if (w.room_type_id === roomType && covers(w, roomType, v.night)) reject(v, warningReason(w));
  }
  for (const v of nights.restriction) {
    out.set(stateKey(v), out.get(stateKey(v)) ?? { kind: "sent" });
    const plan = channexPlanOf(mapping, v);
    for (const w of warnings.restriction) if (w.rate_plan_id === plan && covers(w, plan, v.night)) reject(v, warningReason(w));
  }
  return out;
}

type StateRow = typeof channelAriState.$inferSelect;

/**
 * Writes each touched night's state: what was sent (and accepted or refused) replaces the row's
 * values; a failed call keeps the values Channex last accepted and counts the attempt.
 */
export async function recordState(db: Database, businessId: string, nights: NightValues[], outcomes: Map<string, NightOutcome>, before: Map<string, StateRow>, now: Date) {
  const rows = nights.map((n) => {
    const old = before.get(stateKey(n));
    const key = { categoryId: n.categoryId, ratePlanKey: n.ratePlanKey, night: n.night, businessId };
    const outcome = outcomes.get(stateKey(n)) ?? { kind: "sent" as const };
    const attempted = {
      availability: n.availability ?? old?.availability ?? null,
      rate: n.restriction && !n.restriction.stop_sell ? (n.restriction.rate ?? n.restriction.rates?.[0]?.rate ?? null) : null,
      restrictions: n.signature ?? old?.restrictions ?? null,
    };
    if (outcome.kind === "sent") return { ...key, ...attempted, status: "sent" as const, error: null, rejected: false, attempts: 0, updatedAt: now };
    if (outcome.kind === "rejected") return { ...key, ...attempted, status: "failed" as const, error: outcome.reason.slice(0, 500), rejected: true, attempts: (old?.attempts ?? 0) + 1, updatedAt: now };
    return {
      ...key,
      availability: old?.availability ?? null,
      rate: old?.rate ?? null,
      restrictions: old?.restrictions ?? null,
      status: "failed" as const,
      error: outcome.error.slice(0, 500),
      rejected: false,
      attempts: (old?.attempts ?? 0) + 1,
      updatedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(channelAriState)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [channelAriState.categoryId, channelAriState.ratePlanKey, channelAriState.night],
        set: {
          availability: sql`excluded.availability`,
          rate: sql`excluded.rate`,
          restrictions: sql`excluded.restrictions`,
          status: sql`excluded.status`,
          error: sql`excluded.error`,
          rejected: sql`excluded.rejected`,
          attempts: sql`excluded.attempts`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
