// One file per area; each area's engineer adds an export line here.
export * from "./users.ts";
export * from "./auth.ts";
export * from "./accounts.ts";
export * from "./businesses.ts";
export * from "./pricing.ts";
export * from "./bookings.ts";
export * from "./billing.ts";
export * from "./admin.ts";
export * from "./chat.ts";
export * from "./competitors.ts";
export * from "./booking-engine.ts";
