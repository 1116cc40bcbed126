import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ai from "#app/routes/chat/ai.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as chat from "#app/routes/chat/index.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { createRouteHarness, type Browser, type RouteHarness } from "#tests/helpers/route.ts";

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const inApp = { layouts: [appLayout] };

let h: RouteHarness;
let owner: Browser;
let ownerToken: string;
beforeAll(async () => {
  h = await createRouteHarness();
  owner = h.browser();
  ownerToken = await owner.signIn(demoUsers.owner.email);
});
afterAll(() => h.close());

describe("the /chat page (loaders and actions, JavaScript off)", () => {
  it("is closed until the business holds the ai add-on, and /ai leads to it", async () => {
    expect((await owner.get("/chat", chat, inApp)).location).toBe("/account-settings/subscriptions?required=ai");
    expect((await owner.get("/ai", ai, inApp)).location).toBe("/account-settings/subscriptions?required=ai");
    await h.t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token: ownerToken, body: { addon_plan_identifier: "ai" }, status: 200 });
    const page = await owner.get("/chat", chat, inApp);
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ conversations: [], conversation: null, messages: [] });
    expect((await owner.get("/ai", ai, inApp)).location).toBe("/chat");
  });

  it("sends a collaborator without the chat permission to /unauthorized", async () => {
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    expect((await collaborator.get("/chat", chat, inApp)).location).toBe("/unauthorized");
  });

  it("asks in a new conversation, follows up in it and redirects to the thread's latest message", async () => {
    const asked = await owner.post("/chat", chat, { intent: "ask", message: "Qual a ocupação amanhã?" }, inApp);
    expect(asked.status).toBe(302);
    const id = /^\/chat\?c=([0-9a-f-]{36})#latest$/.exec(asked.location ?? "")?.[1];
    expect(id).toBeTruthy();

    const again = await owner.post("/chat", chat, { intent: "ask", conversation: id, message: "E depois de amanhã?" }, inApp);
    expect(again.location).toBe(`/chat?c=${id}#latest`);

    const page = await owner.get(`/chat?c=${id}`, chat, inApp);
    expect(page.data.conversation).toMatchObject({ uuid: id, title: "Qual a ocupação amanhã?" });
    expect(page.data.messages.map((m: any) => [m.role, m.data?.kind ?? null])).toEqual([
      ["user", null],
      ["assistant", "occupancy"],
      ["user", null],
      ["assistant", "occupancy"],
    ]);
    expect(page.data.conversations.map((c: any) => c.uuid)).toEqual([id]);
  });

  it("answers an empty question with a field error, checked before the API is asked", async () => {
    const sent = await owner.post("/chat", chat, { intent: "ask", message: "   " }, inApp);
    expect(sent.status).toBe(422);
    expect(sent.data.error.message).toHaveLength(1);
    expect(sent.data.error.message[0]).toMatch(/^validation\.required/);
  });

  it("sends an unknown conversation back to /chat with a notice, and deletes a conversation", async () => {
    const missing = await owner.get("/chat?c=00000000-0000-4000-8000-000000000000", chat, inApp);
    expect(missing.location).toBe("/chat");
    const list = await owner.get("/chat", chat, inApp);
    const id = list.data.conversations[0].uuid;
    const deleted = await owner.post("/chat", chat, { intent: "delete", conversation: id }, inApp);
    expect(deleted.location).toBe("/chat");
    expect((await owner.get("/chat", chat, inApp)).data.conversations).toEqual([]);
  });
});
