export * from "./market.ts";
export * from "./csv.ts";
