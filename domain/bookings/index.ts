export * from "./stay.ts";
export * from "./status.ts";
export * from "./code.ts";
