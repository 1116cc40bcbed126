export * from "./definitions.ts";
export * from "./buckets.ts";
export * from "./periods.ts";
export * from "./pickup.ts";
export * from "./actions.ts";
export * from "./units.ts";
