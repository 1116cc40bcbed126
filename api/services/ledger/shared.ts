import { conflict } from "#api/errors.ts";
import { fieldError, type BookingContext } from "#api/services/bookings/context.ts";
import { pgCode } from "#api/db/query.ts";

/**
 * What a ledger write turns into when PostgreSQL refuses it: a taken name (unique index) is a
 * 422 beside the field, a row still used by others (a restrict foreign key) a 409; anything
 * else is not ours to explain and goes on.
 */
export function refusal(ctx: BookingContext, error: unknown, field = "name", inUse = "ledger:api.inUse"): never {
  const code = pgCode(error);
  if (code === "23505") throw fieldError(ctx, field, "ledger:validation.nameTaken");
  // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation.
  if (code === "23001" || code === "23503") throw conflict(inUse);
  throw error;
}

