import { redirect, type MiddlewareFunction } from "react-router";
import { isAdministrator } from "#domain/access/permissions";
import { getRequestState } from "#app/lib/request-context.server";

/** /manage/coupons is for administrators (spec section 2: "admin middleware"); the API agrees. */
export const requireAdministrator: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { user } = getRequestState(context);
  if (!user || !isAdministrator(user.roles)) throw redirect("/unauthorized");
  return next();
};

/** "50,00", "50.00", "R$ 1.234,5" → cents; "" → null; anything else → NaN (the API then refuses it). */
export function reaisToCents(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const cleaned = value.replace(/[^\d,.-]/g, "");
  const normalised = cleaned.includes(",") ? cleaned.replace(/\./g, "").replace(",", ".") : cleaned;
  const number = Number(normalised);
  return Number.isFinite(number) ? Math.round(number * 100) : Number.NaN;
}

export function integerOrNull(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : Number.NaN;
}

export function textOrNull(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
