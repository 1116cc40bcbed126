import { desc, eq } from "drizzle-orm";
import { createApi } from "#api/app.ts";
import type { ApiDeps } from "#api/context.ts";
import type { Database, DatabaseHandle } from "#api/db/client.ts";
import { outbox, users, type OutboxRow } from "#api/db/schema/index.ts";
import { seed } from "#api/seed/index.ts";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, demoUsers } from "#api/seed/users.ts";
import { twoFactorCredentials } from "#api/db/schema/index.ts";
import { totpCode, totpStep, TOTP_PERIOD_SECONDS } from "#api/services/two-factor/totp.ts";
import { setConfig, type Config } from "#config";
import { testConfig } from "./test-config.ts";
import { createTestDatabase } from "./db.ts";
import { inject } from "vitest";
import { DEMO_TIME_ZONE } from "#api/seed/businesses.ts";
import { documentOf } from "#api/openapi/document.ts";
import { ContractChecker } from "./openapi-contract.ts";

export { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, demoUsers, testConfig };

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  /** Accept-Language as the web sends it: pt-BR, en, es, fr, it. */
  lang?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  api: ReturnType<typeof createApi>;
  /** The test clock: `clock.now` is what the API sees as now; move it to test expiry. */
  clock: { now: Date };
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** Calls and parses the JSON answer; `status` is checked when given. */
  json<T = any>(method: string, path: string, options?: CallOptions & { status?: number }): Promise<T>;
  /**
   * Signs in and returns the bearer token. A user with two-factor on (the demo administrator, or
   * one given `totpSecret`) answers the challenge with a code computed from the secret.
   */
  login(email: string, password?: string, totpSecret?: string): Promise<string>;
  /**
   * A code for `secret` that the API will take now: each 30-second step is accepted once (within
   * one step of the clock), so this picks the first step after the user's last one and moves the
   * test clock on by one step when all three are spent.
   */
  nextTotpCode(userId: string, secret?: string): Promise<string>;
  close(): Promise<void>;
}

let contract: Promise<ContractChecker> | undefined;

/**
 * Whether the demo data seeded once for the run (tests/helpers/global-setup.ts) is what `seed()`
 * would write now: it is written relative to its moment, so it holds while the dates are the same
 * in UTC and in the demo pousada's timezone, within the hour; otherwise a file seeds its own.
 */
export function seededCopyHolds(now: Date): boolean {
  const moment = new Date(inject("seedMoment"));
  const dates = (at: Date) => ["UTC", DEMO_TIME_ZONE].map((timeZone) => at.toLocaleDateString("en-CA", { timeZone })).join();
  return now.getTime() - moment.getTime() < 3_600_000 && dates(now) === dates(moment);
}

/** The API on a fresh database of its own, optionally seeded with the demo data. */
export async function createTestApi(
  options: {
    seed?: boolean;
    deps?: Partial<Omit<ApiDeps, "db" | "config" | "now">>;
    env?: Record<string, string>;
    /** A migrated database to use instead of a fresh one (e.g. PGlite in a data directory); closed by `close()`. */
    handle?: DatabaseHandle;
  } = {},
): Promise<TestApi> {
  const config = testConfig(options.env);
  setConfig(config);
  const clock = { now: new Date() };
  // The seeded copy's secrets are sealed with the default test key.
  const seeded = options.seed !== false && !options.handle && config.SECRETS_KEY === testConfig().SECRETS_KEY && seededCopyHolds(clock.now);
  const handle = options.handle ?? (await createTestDatabase({ seeded }));
  // A node-postgres pool re-emits errors of its idle clients; DROP DATABASE … WITH (FORCE) at close
  // can hit a client still closing, and an unheard "error" event would crash the test worker.
  const client = (handle.db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } }).$client;
  if (handle.kind === "postgres") client?.on?.("error", () => undefined);
  if (options.seed !== false && !seeded) await seed(handle.db, clock.now);
  const api = createApi({ db: handle.db, config, now: () => clock.now, ...options.deps });
  const call = async (method: string, path: string, o: CallOptions = {}) => {
    const headers = new Headers(o.headers);
    if (o.token) headers.set("authorization", `Bearer ${o.token}`);
    if (o.lang) headers.set("accept-language", o.lang);
    let body: BodyInit | undefined;
    if (o.body instanceof FormData) body = o.body;
    else if (o.body !== undefined) {
      headers.set("content-type", "application/json");
      body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
    }
    return keepsContract(method, path, await api.fetch(new Request(`http://tarifa.test${path}`, { method, headers, body })));
  };
  // Every answer the suite sees is checked against /api/openapi.json (tests/api/openapi-contract.test.ts);
  // the routes are the same in every app, so a worker builds the document once, on its first call.
  const keepsContract = async (method: string, path: string, res: Response) => {
    contract ??= documentOf(api).then((doc) => new ContractChecker(doc));
    const { pathname } = new URL(`http://tarifa.test${path}`);
    const type = res.headers.get("content-type");
    const text = /^application\/json\b/.test(type ?? "") ? await res.clone().text() : "";
    const broken = (await contract).check(method, pathname, res.status, type, text ? JSON.parse(text) : undefined);
    if (broken) throw new Error(`OpenAPI contract: ${broken}`);
    return res;
  };
  const json = async (method: string, path: string, o: CallOptions & { status?: number } = {}) => {
    const res = await call(method, path, o);
    const text = await res.text();
    if (o.status !== undefined && res.status !== o.status) {
      throw new Error(`${method} ${path}: expected ${o.status}, got ${res.status}: ${text}`);
    }
    return text ? JSON.parse(text) : undefined;
  };
  const nextTotpCode = async (userId: string, secret = DEMO_ADMIN_TOTP_SECRET) => {
    const [row] = await handle.db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
    const last = row?.lastUsedStep ?? 0;
    if (last >= totpStep(clock.now) + 1) clock.now = new Date(clock.now.getTime() + TOTP_PERIOD_SECONDS * 1000);
    const step = Math.max(totpStep(clock.now) - 1, last + 1);
    return totpCode(secret, new Date(step * TOTP_PERIOD_SECONDS * 1000));
  };
  const login = async (email: string, password = DEMO_PASSWORD, totpSecret?: string) => {
    const answer = await json("POST", "/api/auth/login", { body: { email, password }, status: 200 });
    if (!answer.two_factor_required) return answer.token as string;
    const user = await userByEmail(handle.db, email);
    const code = await nextTotpCode(user.id, totpSecret ?? DEMO_ADMIN_TOTP_SECRET);
    const done = await json("POST", "/api/auth/login/two-factor", { body: { challenge_token: answer.challenge_token, code }, status: 200 });
    return done.token as string;
  };
  return {
    db: handle.db,
    handle,
    config,
    api,
    clock,
    call,
    json,
    login,
    nextTotpCode,
    close: () => handle.close(),
  };
}

export async function userByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The e-mails the API recorded (every e-mail goes through the outbox), newest first. */
export async function outboxFor(db: Database, to?: string): Promise<OutboxRow[]> {
  const query = db.select().from(outbox);
  return (to ? query.where(eq(outbox.to, to)) : query).orderBy(desc(outbox.createdAt));
}

/** The first link in an e-mail's plain text that starts with `prefix` (e.g. the APP_URL + "/reset-password"). */
export function linkIn(mail: Pick<OutboxRow, "text">, prefix: string): URL {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return new URL(found);
}
