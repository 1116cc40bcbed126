import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

/** The archive page (/chat.bkp) lists and searches the conversations through the chat API. */
const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const CHAT = `/api/v1/businesses/${POUSADA}/chat/conversations`;

let t: TestApi;
let owner: string;
let collaborator: string;

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  await t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token: owner, body: { addon_plan_identifier: "ai" }, status: 200 });
});
afterAll(() => t.close());

describe("searching the conversation archive", () => {
  it("finds conversations by title or by any message, treats _ literally, and keeps others out", async () => {
    const rate = await t.json("POST", CHAT, { token: owner, body: { message: "Qual é a tarifa de amanhã?" }, status: 201 });
    const occupancy = await t.json("POST", CHAT, { token: owner, body: { message: "Como está a ocupação da semana?" }, status: 201 });
    await t.json("POST", `${CHAT}/${occupancy.conversation.uuid}/messages`, { token: owner, body: { message: "E o faturamento de 100% do mês?" }, status: 201 });

    const all = await t.json("GET", CHAT, { token: owner, status: 200 });
    expect(all.data.map((c: any) => c.uuid).sort()).toEqual([rate.conversation.uuid, occupancy.conversation.uuid].sort());
    const byTitle = await t.json("GET", `${CHAT}?q=TARIFA`, { token: owner, status: 200 });
    expect(byTitle.data.map((c: any) => c.uuid)).toEqual([rate.conversation.uuid]);
    const byMessage = await t.json("GET", `${CHAT}?q=${encodeURIComponent("faturamento")}`, { token: owner, status: 200 });
    expect(byMessage.data.map((c: any) => c.uuid)).toEqual([occupancy.conversation.uuid]);
    // "_" would match any character if it were not escaped.
    expect((await t.json("GET", `${CHAT}?q=${encodeURIComponent("_")}`, { token: owner, status: 200 })).data).toHaveLength(0);
    expect((await t.call("GET", `${CHAT}?q=tarifa`, { token: collaborator })).status).toBe(403);

    expect((await t.call("DELETE", `${CHAT}/${rate.conversation.uuid}`, { token: owner })).status).toBe(200);
    expect((await t.json("GET", `${CHAT}?q=tarifa`, { token: owner, status: 200 })).data).toEqual([]);
  });
});
