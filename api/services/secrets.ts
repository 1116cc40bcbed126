import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getConfig } from "#config";

/**
 * Credentials at rest (Channex API keys, external PMS credentials): AES-256-GCM with the key of
 * SECRETS_KEY (or the key file in DATA_DIR). A sealed value reads `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); tampering or another key makes `open` throw instead of answering garbage.
 */
const VERSION = "v1";

function key(hex = getConfig().SECRETS_KEY): Buffer {
  return Buffer.from(hex, "hex");
}

export function seal(plain: string, keyHex?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(keyHex), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`) && value.split(".").length === 4;
}

export function open(sealed: string, keyHex?: string): string {
  if (!isSealed(sealed)) throw new Error("not a sealed secret");
  const [, iv, tag, body] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", key(keyHex), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A record of secrets (PMS credentials) as stored: one sealed JSON under `sealed`. */
export type SealedRecord = { sealed: string };

export function sealRecord(record: Record<string, string>): SealedRecord {
  return { sealed: seal(JSON.stringify(record)) };
}

/** Reads a stored record: sealed, or a plain one written before encryption existed. */
export function openRecord(stored: Record<string, string> | SealedRecord | null | undefined): Record<string, string> | null {
  if (!stored) return null;
  if (typeof stored.sealed === "string" && isSealed(stored.sealed) && Object.keys(stored).length === 1) {
    return JSON.parse(open(stored.sealed)) as Record<string, string>;
  }
  return stored as Record<string, string>;
}
