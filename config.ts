import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

/**
 * Every setting Tarifa reads from the environment, validated once at start.
 * A missing or malformed variable stops the process with a message naming it.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url().default("http://localhost:3000"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  API_BASE_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  SUPPORT_EMAIL: z.email().default("suporte@tarifa.app"),
  MAIL_FROM: z.string().min(3).default("Tarifa <nao-responda@tarifa.app>"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  DEV_MAILBOX: z.enum(["true", "false"]).optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** An OpenAI-compatible chat-completions API for the AI chat (both URL and key, or the built-in assistant answers). */
  AI_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** 64 hex characters (32 bytes): encrypts stored credentials (AES-256-GCM). Without it a key is kept in DATA_DIR. */
  SECRETS_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters").optional(),
  /** Channex's API (its staging server while testing an integration). */
  CHANNEX_API_URL: z.url({ protocol: /^https?$/ }).default("https://app.channex.io"),
  /** Mews Connector API's platform address (https://api.mews-demo.com while testing an integration). */
  MEWS_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.mews.com"),
  /** Tarifa's ClientToken for the Mews Connector API (one per integration, given by Mews at certification); each hotel gives its AccessToken. */
  MEWS_CLIENT_TOKEN: z.string().min(1).optional(),
  /** Background jobs (channel pushes, schedules) in this process; "false" for a web-only process. */
  JOBS: z.enum(["true", "false"]).default("true"),
  /** How often the built-in billing provider renews due subscriptions; 0 turns it off. */
  RENEWALS_EVERY_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  /** Lets iCal imports fetch loopback and private-network addresses (default: only outside production). */
  ICAL_PRIVATE_HOSTS: z.enum(["true", "false"]).optional(),
  /** Accounts one client address may create per hour (the e2e suite raises it: it signs up many). */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Days a sent or failed e-mail stays in the outbox before it is deleted. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days a line of a business's activity log is kept (docs/decisions/0025-activity-log.md: two seasons' worth). */
  ACTIVITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  /** Worker processes `npm start` forks (node cluster); 1 serves from the process itself. PostgreSQL only above 1. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Which proxies' X-Forwarded-For is believed (Express's "trust proxy"): "loopback" (default),
   * "false", a number of hops, or a comma-separated list of addresses, subnets (CIDR) or the names
   * loopback, linklocal, uniquelocal.
   */
  TRUST_PROXY: z.string().min(1).default("loopback"),
  /** Bearer token that opens /metrics to callers other than a direct loopback connection. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** On SIGTERM, how long in-flight requests and jobs in hand get to finish before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Omit<Env, "SESSION_SECRET" | "COOKIE_SECURE" | "DEV_MAILBOX" | "SECRETS_KEY"> {
  SESSION_SECRET: string;
  /** Hex, 32 bytes. */
  SECRETS_KEY: string;
  cookieSecure: boolean;
  /** The development mailbox page (/dev/mailbox) shows the outbox when no SMTP server is configured. */
  devMailbox: boolean;
  /** iCal imports may fetch loopback and private addresses (ICAL_PRIVATE_HOSTS; off in production by default). */
  icalPrivateHosts: boolean;
  uploadsDir: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL && !e.API_BASE_URL) {
    throw new ConfigError("Invalid configuration:\n  - WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database serves one process)");
  }
  const dataDir = resolve(e.DATA_DIR);
  const isProduction = e.NODE_ENV === "production";
  return {
    ...e,
    DATA_DIR: dataDir,
    SESSION_SECRET: e.SESSION_SECRET ?? persistentSecret(dataDir),
    SECRETS_KEY: e.SECRETS_KEY ?? persistentSecret(dataDir, "secrets-key"),
    cookieSecure: e.COOKIE_SECURE ? e.COOKIE_SECURE === "true" : isProduction && e.APP_URL.startsWith("https:"),
    devMailbox: e.DEV_MAILBOX ? e.DEV_MAILBOX === "true" : !e.SMTP_URL,
    icalPrivateHosts: e.ICAL_PRIVATE_HOSTS ? e.ICAL_PRIVATE_HOSTS === "true" : !isProduction,
    uploadsDir: join(dataDir, "uploads"),
    isProduction,
  };
}

/**
 * Without SESSION_SECRET a random secret is kept in DATA_DIR, so a first `npm start` works
 * and sessions survive restarts; deployments set SESSION_SECRET explicitly.
 */
function persistentSecret(dataDir: string, name = "session-secret"): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;

/** The process-wide configuration (parsed on first use). */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Replaces the process-wide configuration (tests, scripts). */
export function setConfig(config: Config): void {
  cached = config;
}

/**
 * A value made from the configuration once, and made again when `setConfig` replaces it (a test
 * file sharing loaded modules with the previous one): a cookie's Secure flag or secret is never
 * the previous configuration's.
 */
export function perConfig<T>(make: (config: Config) => T): () => T {
  const made = new WeakMap<Config, T>();
  return () => {
    const config = getConfig();
    if (!made.has(config)) made.set(config, make(config));
    return made.get(config)!;
  };
}
