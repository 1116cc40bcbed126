export * from "./aggregates.ts";
export * from "./commission.ts";
export * from "./pickup.ts";
export * from "./dashboard.ts";
export * from "./goals.ts";
export * from "./json.ts";
export * from "./analysis.ts";
