import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatProviderFor } from "#api/services/chat/index.ts";
import { parseConfig } from "#config";
import { createTestApi, demoUsers, testConfig, type TestApi } from "#tests/helpers/api.ts";

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const CHAT = `/api/v1/businesses/${POUSADA}/chat/conversations`;

/** A stand-in for an OpenAI-compatible API: records each request, answers as `reply` says. */
const received: { authorization: string | undefined; body: any }[] = [];
let reply: { status: number; content?: string } = { status: 200, content: "Amanhã a Standard sai por R$ 350." };
let server: ServerType;
let url: string;

let t: TestApi;
let owner: string;

beforeAll(async () => {
  const fake = new Hono().post("/v1/chat/completions", async (c) => {
    received.push({ authorization: c.req.header("authorization"), body: await c.req.json() });
    if (reply.status !== 200) return c.json({ error: { message: "overloaded" } }, reply.status as 503);
    return c.json({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }] });
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: fake.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const config = { ...testConfig(), AI_API_URL: url, AI_API_KEY: "sk-test-chave", AI_MODEL: "modelo-falso" };
  t = await createTestApi({ deps: { chatProvider: chatProviderFor(config) } });
  owner = await t.login(demoUsers.owner.email);
  await t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token: owner, body: { addon_plan_identifier: "ai" }, status: 200 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("choosing the chat's provider from the configuration", () => {
  it("uses the built-in assistant unless both AI_API_URL and AI_API_KEY are set", () => {
    const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(40), DATA_DIR: "/tmp/tarifa-test-data" };
    expect(chatProviderFor(parseConfig(base)).name).toBe("builtin");
    expect(chatProviderFor(parseConfig({ ...base, AI_API_URL: "https://api.example.com/v1" })).name).toBe("builtin");
    expect(chatProviderFor(parseConfig({ ...base, AI_API_URL: "https://api.example.com/v1", AI_API_KEY: "k" })).name).toBe("gpt-4o-mini");
    expect(() => parseConfig({ ...base, AI_API_URL: "ftp://x" })).toThrow(/AI_API_URL/);
  });
});

describe("the OpenAI-compatible provider (against a local fake)", () => {
  it("words the answer with the model, given the live facts, and keeps the facts as the card", async () => {
    received.length = 0;
    const answer = await t.json("POST", CHAT, { token: owner, lang: "en", body: { message: "What is tomorrow's rate?" }, status: 201 });
    const reply = answer.messages[1];
    expect(reply).toMatchObject({ role: "assistant", content: "Amanhã a Standard sai por R$ 350.", provider: "modelo-falso", data: { kind: "rate" } });

    expect(received).toHaveLength(1);
    const { authorization, body } = received[0];
    expect(authorization).toBe("Bearer sk-test-chave");
    expect(body.model).toBe("modelo-falso");
    const [system, user] = body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Answer in English");
    expect(system.content).toContain("Pousada Maré Alta");
    // The numbers the model is given are the live ones the card shows.
    for (const c of reply.data.categories) expect(system.content).toContain(`"rate":${c.rate}`);
    expect(user).toEqual({ role: "user", content: "What is tomorrow's rate?" });
  });

  it("passes the conversation so far", async () => {
    const first = await t.json("POST", CHAT, { token: owner, body: { message: "Qual a ocupação amanhã?" }, status: 201 });
    received.length = 0;
    await t.json("POST", `${CHAT}/${first.conversation.uuid}/messages`, { token: owner, body: { message: "E depois de amanhã?" }, status: 201 });
    const roles = received[0].body.messages.map((m: any) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user"]);
    expect(received[0].body.messages[1].content).toBe("Qual a ocupação amanhã?");
  });

  it("keeps the built-in answer when the model fails", async () => {
    reply = { status: 503 };
    const answer = await t.json("POST", CHAT, { token: owner, body: { message: "Qual a ocupação amanhã?" }, status: 201 });
    expect(answer.messages[1]).toMatchObject({ provider: "builtin", data: { kind: "occupancy" } });
    expect(answer.messages[1].content).toMatch(/de ocupação/);
    reply = { status: 200, content: "   " };
    const empty = await t.json("POST", CHAT, { token: owner, body: { message: "ajuda" }, status: 201 });
    expect(empty.messages[1]).toMatchObject({ provider: "builtin", data: { kind: "help" } });
  });
});
