import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiPathToFieldName, fieldErrorsOf, invalidTextPath, issueToKey, MAX_INPUT_DEPTH, nestsDeeperThan } from "./validation.ts";

const schema = z.object({
  email: z.email(),
  name: z.string().min(1),
  password: z.string().min(8).max(20),
  rooms: z.number().int().min(1).max(500),
  kind: z.enum(["value", "percentage"]),
  tags: z.array(z.string()).min(1),
  own: z.string().min(3, "validation.custom"),
});

function errorsFor(input: unknown) {
  const result = schema.safeParse(input, { error: issueToKey });
  if (result.success) throw new Error("expected a failure");
  return fieldErrorsOf(result.error);
}

describe("Zod issues as translation keys", () => {
  it("names a key for each kind of problem, with the values messages interpolate", () => {
    const errors = errorsFor({ email: "nope", name: "", password: "short", rooms: 0, kind: "x", tags: [], own: "ab" });
    expect(errors.email).toEqual([{ key: "validation.email", values: {} }]);
    expect(errors.name).toEqual([{ key: "validation.required", values: { min: 1 } }]);
    expect(errors.password).toEqual([{ key: "validation.tooShort", values: { min: 8 } }]);
    expect(errors.rooms).toEqual([{ key: "validation.tooSmall", values: { min: 1 } }]);
    expect(errors.kind).toEqual([{ key: "validation.choice", values: {} }]);
    expect(errors.tags).toEqual([{ key: "validation.tooFewItems", values: { min: 1 } }]);
  });

  it("keeps a schema's own message", () => {
    expect(errorsFor({ own: "ab" }).own).toEqual([{ key: "validation.custom", values: { min: 3 } }]);
  });

  it("calls a missing field required and a wrong type invalid", () => {
    const errors = errorsFor({ rooms: "many", password: "x".repeat(30) });
    expect(errors.email[0].key).toBe("validation.required");
    expect(errors.rooms[0].key).toBe("validation.invalidType");
    expect(errors.password).toEqual([{ key: "validation.tooLong", values: { max: 20 } }]);
  });

  it("keys nested fields by their dotted path", () => {
    const nested = z.object({ room_setup: z.object({ categories: z.array(z.object({ name: z.string().min(1) })) }) });
    const result = nested.safeParse({ room_setup: { categories: [{ name: "ok" }, { name: "" }] } }, { error: issueToKey });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldErrorsOf(result.error))).toEqual(["room_setup.categories.1.name"]);
  });
});

describe("API field paths as Conform field names", () => {
  it.each([
    ["guest_name", "guest_name"],
    ["guest.name", "guest.name"],
    ["dates.0.ends_at", "dates[0].ends_at"],
    ["categories.12.price.0", "categories[12].price[0]"],
  ])("%s → %s", (path, name) => {
    expect(apiPathToFieldName(path)).toBe(name);
  });
});

describe("the API's edge checks on a parsed body", () => {
  const deep = JSON.parse("[".repeat(5_000) + "]".repeat(5_000));

  it("finds the first bad text in the document's order, in values and keys", () => {
    expect(invalidTextPath({ a: "ok", b: ["x", "y\u0000"], c: "\u0000" })).toEqual(["b", 1]);
    expect(invalidTextPath({ nested: { "k\u0000": 1 } })).toEqual(["nested"]);
    expect(invalidTextPath({ name: "Pousada 🌊 São João" })).toBeNull();
  });

  it("walks a 5,000-deep body without overflowing the stack, and calls it too deep", () => {
    expect(invalidTextPath(deep)).toBeNull();
    expect(nestsDeeperThan(deep)).toBe(true);
  });

  it("lets every depth up to the limit through", () => {
    let value: unknown = "leaf";
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) value = [value];
    expect(nestsDeeperThan(value)).toBe(false);
    expect(nestsDeeperThan([value])).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [{ c: "d" }] })).toBe(false);
  });
});
