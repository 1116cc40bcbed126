import { USER_PERMISSIONS } from "#domain/access/permissions";

/**
 * The user.* permissions someone may hand out on a business: only those they hold themselves
 * (the API refuses the rest), in the product's order.
 */
export function grantableBy(held: readonly string[] | undefined): string[] {
  if (!held) return [...USER_PERMISSIONS];
  return USER_PERMISSIONS.filter((name) => held.includes(name));
}

/** The translation key of a permission's label in the `business` namespace ("user.calendar" → "permissions.user_calendar"). */
export function permissionKey(name: string): string {
  return `permissions.${name.replace(/[.-]/g, "_")}`;
}
