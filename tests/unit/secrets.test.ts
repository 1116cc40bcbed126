import { describe, expect, it } from "vitest";
import { parseConfig, setConfig } from "#config";
import { isSealed, open, openRecord, seal, sealRecord } from "#api/services/secrets.ts";

const KEY = "a".repeat(64);
setConfig(parseConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/tarifa-test-data", SESSION_SECRET: "test-secret-test-secret-test-secret!", SECRETS_KEY: KEY }));

describe("credentials at rest", () => {
  it("seals with AES-GCM: a fresh IV each time, and opens back", () => {
    const a = seal("chx_live_123");
    const b = seal("chx_live_123");
    expect(a).not.toBe(b);
    expect(a).not.toContain("chx_live_123");
    expect(isSealed(a)).toBe(true);
    expect(open(a)).toBe("chx_live_123");
  });

  it("refuses a tampered value or another key instead of answering garbage", () => {
    const sealed = seal("secret");
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = body.startsWith("A") ? "B" + body.slice(1) : "A" + body.slice(1);
    expect(() => open([v, iv, tag, flipped].join("."))).toThrow();
    expect(() => open(sealed, "b".repeat(64))).toThrow();
  });

  it("reads PMS credentials saved before encryption as they are, and sealed ones whole", () => {
    expect(openRecord({ username: "ana", password: "x" })).toEqual({ username: "ana", password: "x" });
    expect(openRecord(sealRecord({ username: "ana", password: "x" }))).toEqual({ username: "ana", password: "x" });
    expect(openRecord(null)).toBeNull();
  });

  it("rejects a malformed SECRETS_KEY at start", () => {
    expect(() => parseConfig({ SECRETS_KEY: "short" })).toThrow(/SECRETS_KEY/);
  });
});
