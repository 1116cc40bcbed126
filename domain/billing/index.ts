export * from "./periods.ts";
export * from "./proration.ts";
export * from "./coupons.ts";
export * from "./invoice.ts";
export * from "./renewal.ts";
