import type { BusinessJson } from "./types";

/**
 * The address of a business's logo through the web's own proxy (routes/businesses.logo-image.ts),
 * versioned with the API's logo address so a new logo is never served from a cache.
 */
export function logoSrc(business: Pick<BusinessJson, "uuid" | "logo" | "updated_at">): string | null {
  if (!business.logo) return null;
  const version = new URL(business.logo, "http://x").searchParams.get("v") ?? business.updated_at ?? "";
  return `/businesses/${business.uuid}/logo?v=${encodeURIComponent(version)}`;
}
