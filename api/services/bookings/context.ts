import type { TFunction } from "i18next";
import type { Actor } from "#domain/activity/index.ts";
import { todayIn } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import type { BusinessRow } from "#api/services/business-access.ts";
import { HttpError } from "#api/errors.ts";

/** What every booking use case needs: the database, the caller, the clock and a translator for field errors. */
export interface BookingContext {
  db: Database;
  business: BusinessRow;
  userId: string | null;
  now: Date;
  t: TFunction;
  /** Who acts when no person does: the booking engine, a channel or a job (the activity log says so); a person when absent and userId is set. */
  actor?: Actor;
}

export function businessToday(ctx: BookingContext): string {
  return todayIn(ctx.business.timezone, ctx.now);
}

/** 422 with one translated message beside `field` (the API's field-error shape). */
export function fieldError(ctx: Pick<BookingContext, "t">, field: string, key: string, values: Record<string, unknown> = {}): HttpError {
  return new HttpError(422, "api.invalid", { [field]: [ctx.t(key, { ns: "validation", defaultValue: key, ...values })] });
}
