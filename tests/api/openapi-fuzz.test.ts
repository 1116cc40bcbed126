/**
 * Fuzzing every operation of /api/openapi.json in-process (app.fetch) as the demo pousada's owner,
 * its collaborator, a stranger (another business's owner) and anonymously, with hostile input:
 * malformed JSON, wrong content types, wrong types, missing and extra fields, 100 KB strings,
 * emoji, NUL bytes, lone surrogates, boundary and non-finite numbers, impossible dates, non-UUID
 * and SQL-looking ids, huge page sizes. No answer may be ≥ 500, leak a stack trace or SQL, or
 * break the document (tests/helpers/openapi-contract.ts).
 *
 * The seed is printed first; `FC_SEED=<seed> npx vitest run tests/api/openapi-fuzz.test.ts` replays
 * the whole run (each operation's property uses that one seed). ADR 0022.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, users } from "#api/db/schema/index.ts";
import type { OpenApiDocument } from "#api/openapi/document.ts";
import { issueSession } from "#api/services/tokens.ts";
import { createTestApi, type TestApi } from "#tests/helpers/api.ts";
import { ContractChecker, operationsOf, type DocumentedOperation } from "#tests/helpers/openapi-contract.ts";
import { demoBusiness, encode, ENDS_SESSIONS, fillPath, isBusinessId, pathSegment, jsonBodySchemaOf, jsonText, NON_FINITE, probe, queryParametersOf } from "#tests/helpers/openapi-probe.ts";

/** Runs per operation and caller: 4 callers × ~275 operations × 10 ≈ 11,000 requests. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FC_SEED ?? randomBytes(4).readInt32LE());

const CALLERS = ["owner", "collaborator", "stranger", "anonymous"] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApi;
let doc: OpenApiDocument;
let checker: ContractChecker;
let businessId: string;
const tokens = {} as Record<Caller, string | null>;
const userIds = {} as Record<Caller, string | null>;
let requests = 0;

async function signIn() {
  const now = t.clock.now;
  for (const caller of ["owner", "collaborator", "stranger"] as const) {
    tokens[caller] = (await issueSession(t.db, userIds[caller]!, now)).token;
  }
  tokens.anonymous = null;
}

beforeAll(async () => {
  t = await createTestApi();
  doc = await t.json("GET", "/api/openapi.json", { status: 200 });
  checker = new ContractChecker(doc);
  const { owner, collaborator, ...demo } = await demoBusiness(t);
  businessId = demo.businessId;
  const [stranger] = await t.db
    .insert(users)
    .values({ name: "Outra", surname: "Dona", email: `fuzz-${randomBytes(3).toString("hex")}@example.com`, passwordHash: "x", roles: ["owner"], emailVerifiedAt: t.clock.now })
    .returning();
  await t.db.insert(businesses).values({ ownerId: stranger!.id, slug: `fuzz-${randomBytes(3).toString("hex")}`, companyName: "Hotel Alheio", status: "SETUP_DONE" });
  Object.assign(userIds, { owner: owner.id, collaborator: collaborator.id, stranger: stranger!.id, anonymous: null });
  await signIn();
  console.log(`API fuzz seed: ${SEED} (replay: FC_SEED=${SEED} npx vitest run tests/api/openapi-fuzz.test.ts)`);
}, 120_000);
afterAll(async () => {
  console.log(`API fuzz: ${requests} requests`);
  await t?.close();
});

// ---- hostile values ---------------------------------------------------------------------------

const HUGE = "x".repeat(100_000);
const LONG = "y".repeat(8 * 1024);
const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    HUGE,
    "🏨😀👨‍👩‍👧‍👦🇧🇷",
    "a\u0000b",
    "\u0000",
    "\ud800",
    "x\udc00y",
    "'; DROP TABLE users; --",
    "1 OR 1=1",
    "\" OR \"\"=\"",
    "2026-02-30",
    "99999-01-01",
    // Years 0 and 9999, as days and as months, and 8 KB of text (issue 24).
    "0000-01-01",
    "9999-12-31",
    "0000-01",
    "9999-12",
    LONG,
    "2026-13-01",
    "0000-00-00",
    "2026-02-29T25:61:00Z",
    "NaN",
    "Infinity",
    "-0",
    "1e309",
    "<script>alert(1)</script>",
    "../../../etc/passwd",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "true",
    "null",
    "%00",
  ),
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 99999, 100_000_000),
  fc.constantFrom(`${NON_FINITE}1e999`, `${NON_FINITE}-1e999`),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [{}], { __proto__: 1 }, { constructor: { prototype: 1 } }) },
);

/** An object shaped like the operation's body: each documented field left out or given a hostile value, plus strangers. */
const shapedBody = (op: DocumentedOperation) => {
  const fields = Object.keys(jsonBodySchemaOf(op)?.properties ?? {});
  const entries = fields.map((name) => fc.option(nastyValue, { nil: undefined, freq: 3 }).map((v) => [name, v] as const));
  return fc
    .tuple(fc.tuple(...entries), fc.dictionary(fc.string({ maxLength: 12 }), nastyScalar, { maxKeys: 2 }))
    .map(([pairs, extra]) => ({ ...extra, ...Object.fromEntries(pairs.filter(([, v]) => v !== undefined)) }));
};

type Body = { type: string | null; text: string } | null;
const DEEP = "[".repeat(5_000) + "]".repeat(5_000);
const bodyFor = (op: DocumentedOperation): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 6, arbitrary: shapedBody(op).map((v) => ({ type: "application/json", text: jsonText(v) })) },
    { weight: 1, arbitrary: nastyValue.map((v) => ({ type: "application/json", text: jsonText(v) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("{", '{"a":', "NaN", "\u0000", "[1,2", "{'a':1}", "", "nul", '{"a":1}{"b":2}', DEEP, `"${HUGE}"`).map((text) => ({ type: "application/json", text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/xml", null, "application/json; charset=latin1"), shapedBody(op))
        .map(([type, v]) => ({ type, text: type === "application/x-www-form-urlencoded" ? "a=1&b=%00" : jsonText(v) })),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );

const pathFor = (op: DocumentedOperation) => {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const value = (name: string) =>
    isBusinessId(op, name)
      ? fc.oneof({ weight: 4, arbitrary: fc.constant(businessId) }, { weight: 1, arbitrary: nastyString })
      : fc.oneof(fc.uuid(), nastyString, fc.constantFrom("1", "-1", "0x1", "1;select 1", "export.csv", "a".repeat(300)));
  return fc.tuple(...names.map(value)).map((values) => {
    let path = op.path;
    names.forEach((name, i) => (path = path.replace(`{${name}}`, pathSegment(values[i]))));
    return path;
  });
};

const queryFor = (op: DocumentedOperation) => {
  const names = queryParametersOf(op).map((p) => p.name);
  const pool = [...new Set([...names, "page", "per_page", "limit", "from", "to", "q"])];
  const value = fc.oneof(nastyValue, fc.constantFrom("1e9", "999999999999", "-1", "1.5", "Infinity", "0", "2147483648"));
  return fc.dictionary(fc.constantFrom(...pool), value, { maxKeys: 4 }).map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join("&"),
  );
};

const requestFor = (op: DocumentedOperation) =>
  fc.record({
    path: pathFor(op),
    query: queryFor(op),
    // fetch() refuses a body on GET.
    body: op.method === "get" ? fc.constant(null) : op.method === "delete" ? fc.option(bodyFor(op), { freq: 4, nil: null }) : bodyFor(op),
    authorization: fc.option(fc.constantFrom("Bearer ' OR 1=1 --", "Bearer \u00e9", "Basic Zm9vOmJhcg==", `Bearer ${randomUUID()}`), { freq: 10, nil: undefined }),
    lang: fc.constantFrom("pt-BR", "en", "es", "fr", "it", "xx", "*"),
  });

/** Each property's first run: the operation called plainly (real business id, `{}` body), so every operation is reached. */
const plainRequest = (op: DocumentedOperation): FuzzRequest => ({
  path: fillPath(op, (name) => (isBusinessId(op, name) ? businessId : "00000000-0000-4000-8000-000000000000")),
  query: "",
  body: op.method === "get" ? null : { type: "application/json", text: "{}" },
  authorization: undefined,
  lang: "pt-BR",
});

type FuzzRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer R> ? R : never;

async function send(op: DocumentedOperation, caller: Caller, r: FuzzRequest) {
  const token = tokens[caller];
  requests++;
  const { status, problem } = await probe(t, checker, op, { ...r, authorization: token ? `Bearer ${token}` : r.authorization }, caller);
  expect(problem).toBeNull();
  if (status < 300 && ENDS_SESSIONS.test(op.path)) await signIn();
}

describe("every operation of /api/openapi.json under hostile input", () => {
  it(
    "answers < 500 without leaking internals, for owner, collaborator, stranger and anonymous",
    async () => {
      // Each operation × caller is one property, all with the run's seed; every failing one is reported.
      const failures: string[] = [];
      for (const op of operationsOf(doc)) {
        for (const caller of CALLERS) {
          try {
            await fc.assert(
              fc.asyncProperty(requestFor(op), (r) => send(op, caller, r)),
              { numRuns: RUNS, seed: SEED, path: undefined, endOnFailure: true, examples: [[plainRequest(op)]] },
            );
          } catch (error) {
            const { message, cause } = error as Error & { cause?: Error };
            failures.push(`${caller} ${op.method.toUpperCase()} ${op.path}: ${cause?.message?.slice(0, 2000) ?? ""}\n${message.slice(0, 1500)}`);
            console.error(`API fuzz failure: ${failures.at(-1)}`);
          }
        }
      }
      expect(failures, `replay: FC_SEED=${SEED} npx vitest run tests/api/openapi-fuzz.test.ts`).toEqual([]);
      expect(requests).toBeGreaterThanOrEqual(RUNS * 4 * 250);
    },
    // ≈ 1–3 minutes on an idle 2-core machine; generous for a loaded CI runner.
    900_000,
  );
});
