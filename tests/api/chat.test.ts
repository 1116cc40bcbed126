import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COLLABORATOR_PERMISSIONS } from "#api/seed/businesses.ts";
import { addDays } from "#domain/pricing/index.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

const POUSADA = "d3e00000-0000-4000-8000-000000000001";
const BASE = `/api/v1/businesses/${POUSADA}`;
const CHAT = `${BASE}/chat/conversations`;
/** Small enough for the last test to run out, large enough for the others. */
const CHAT_LIMIT = 14;
const SOLD = ["pending", "confirmed", "checked_in", "checked_out"];

let t: TestApi;
let owner: string;
let collaborator: string;
let stranger: string;
let today: string;

const ask = (token: string, message: unknown, lang = "pt-BR", path = CHAT) => t.call("POST", path, { token, lang, body: { message } });

beforeAll(async () => {
  t = await createTestApi({ deps: { rateLimits: { chatMessages: { points: CHAT_LIMIT, durationSec: 900 } } } });
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  const registered = await t.json("POST", "/api/auth/register", {
    body: { name: "Outro", surname: "Dono", email: "outro.dono@example.com", password: "hotel-do-outro", password_confirmation: "hotel-do-outro" },
    status: 201,
  });
  stranger = registered.token;
  const calendar = await t.json("GET", `${BASE}/calendar?from=2026-01-01&to=2026-01-01`, { token: owner, status: 200 });
  today = calendar.today;
});
afterAll(() => t.close());

describe("the AI chat's gates", () => {
  it("answers 401 without a session", async () => {
    expect((await t.call("GET", CHAT)).status).toBe(401);
    expect((await t.call("POST", CHAT, { body: { message: "ajuda" } })).status).toBe(401);
  });

  it("answers 403 while the business does not hold the ai add-on, then opens once it is added", async () => {
    const before = await t.call("GET", CHAT, { token: owner });
    expect(before.status).toBe(403);
    expect((await before.json()).message).toMatch(/ai/);
    expect((await ask(owner, "ajuda")).status).toBe(403);
    await t.json("POST", `/api/v1/subscriptions/${POUSADA}/addons`, { token: owner, body: { addon_plan_identifier: "ai" }, status: 200 });
    expect((await t.call("GET", CHAT, { token: owner })).status).toBe(200);
  });

  it("answers 403 to another owner and to a collaborator without user.chat-ai", async () => {
    expect((await t.call("GET", CHAT, { token: stranger })).status).toBe(403);
    expect((await ask(stranger, "ajuda")).status).toBe(403);
    expect((await t.call("GET", CHAT, { token: collaborator })).status).toBe(403);
  });
});

describe("asking the built-in assistant (demo pousada, live data)", () => {
  let conversationId: string;

  it("creates a conversation titled from the question and answers a night's rate as the calendar prices it", async () => {
    const tomorrow = addDays(today, 1);
    const res = await ask(owner, "  Qual é a tarifa de amanhã?  ");
    expect(res.status).toBe(201);
    const answer = await res.json();
    conversationId = answer.conversation.uuid;
    expect(answer.conversation.title).toBe("Qual é a tarifa de amanhã?");
    const [question, reply] = answer.messages;
    expect(question).toMatchObject({ role: "user", content: "Qual é a tarifa de amanhã?", provider: null });
    expect(reply).toMatchObject({ role: "assistant", provider: "builtin", data: { kind: "rate", date: tomorrow } });

    const calendar = await t.json("GET", `${BASE}/calendar?from=${tomorrow}&to=${tomorrow}`, { token: owner, status: 200 });
    const [night] = calendar.days;
    expect(reply.data.season).toBe(night.season.title);
    expect(reply.data.occupancy).toBe(night.occupancy);
    expect(reply.data.categories.map((c: any) => [c.name, c.rate, c.manual])).toEqual(
      night.rates.map((r: any) => [calendar.categories.find((c: any) => c.uuid === r.room_category_uuid).name, r.rate, r.manual]),
    );
    expect(reply.data.categories[0].explanation).toEqual(night.rates[0].explanation);
    const standard = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(night.rates[0].rate / 100);
    expect(reply.content).toContain(`Standard: ${standard}`);
    expect(reply.data.links[0].href).toBe(`/calendar?month=${tomorrow.slice(0, 7)}&day=${tomorrow}#day-panel`);
  });

  it("answers one category's rate when the question names it, in English", async () => {
    const res = await ask(owner, "How much is the Deluxe on 25/12?", "en", `${CHAT}/${conversationId}/messages`);
    expect(res.status).toBe(201);
    const { messages } = await res.json();
    const reply = messages[1];
    expect(reply.data.kind).toBe("rate");
    const year = today.slice(5) <= "12-25" ? today.slice(0, 4) : String(Number(today.slice(0, 4)) + 1);
    const date = `${year}-12-25`;
    expect(reply.data.date).toBe(date);
    expect(reply.data.categories.map((c: any) => c.name)).toEqual(["Deluxe"]);
    const calendar = await t.json("GET", `${BASE}/calendar?from=${date}&to=${date}`, { token: owner, status: 200 });
    const deluxe = calendar.categories.find((c: any) => c.name === "Deluxe");
    expect(reply.data.categories[0].rate).toBe(calendar.days[0].rates.find((r: any) => r.room_category_uuid === deluxe.uuid).rate);
    expect(reply.content).toContain("Rates for");
  });

  it("answers a night's occupancy and free rooms as the availability page counts them", async () => {
    const tomorrow = addDays(today, 1);
    const { messages } = await (await ask(owner, "Qual a ocupação amanhã?", "pt-BR", `${CHAT}/${conversationId}/messages`)).json();
    const reply = messages[1];
    const availability = (await t.json("GET", `${BASE}/availability?from=${tomorrow}&to=${tomorrow}`, { token: owner, status: 200 })).data;
    const night = availability.nights[0];
    expect(reply.data).toMatchObject({ kind: "occupancy", from: tomorrow, to: tomorrow, sold: night.sold, average: night.occupancy });
    expect(reply.data.nights[0].free).toBe(night.free);
    expect(reply.content).toContain(`${night.sold} de ${night.rooms - night.blocked} quartos vendidos, ${night.free} livres`);
  });

  it("continues with the previous kind when a follow-up names only a date", async () => {
    const { messages } = await (await ask(owner, "E depois de amanhã?", "pt-BR", `${CHAT}/${conversationId}/messages`)).json();
    expect(messages[1].data).toMatchObject({ kind: "occupancy", from: addDays(today, 2) });
  });

  it("lists today's arrivals and departures as the reservations list has them", async () => {
    const { messages } = await (await ask(owner, "Quem chega hoje? Chegadas e saídas", "pt-BR", `${CHAT}/${conversationId}/messages`)).json();
    const reply = messages[1];
    const list = await t.json("GET", `${BASE}/reservations?from=${addDays(today, -1)}&to=${today}&per_page=200`, { token: owner, status: 200 });
    const live = list.data.filter((r: any) => SOLD.includes(r.status));
    expect(reply.data.kind).toBe("movements");
    expect(reply.data.arrivals.map((a: any) => a.code).sort()).toEqual(live.filter((r: any) => r.arrival === today).map((r: any) => r.code).sort());
    expect(reply.data.departures.map((a: any) => a.code).sort()).toEqual(live.filter((r: any) => r.departure === today).map((r: any) => r.code).sort());
    expect(reply.data.arrivals.length + reply.data.departures.length).toBeGreaterThan(0);
  });

  it("sums revenue, room-nights, ADR and occupancy of the next 7 days from the reservations' nights", async () => {
    const to = addDays(today, 6);
    const { messages } = await (await ask(owner, "Resumo de receita dos próximos 7 dias", "pt-BR", `${CHAT}/${conversationId}/messages`)).json();
    const reply = messages[1];
    expect(reply.data).toMatchObject({ kind: "summary", from: today, to });

    const list = await t.json("GET", `${BASE}/reservations?from=${today}&to=${to}&per_page=200`, { token: owner, status: 200 });
    let revenue = 0;
    let roomNights = 0;
    for (const r of list.data.filter((x: any) => SOLD.includes(x.status))) {
      const detail = (await t.json("GET", `${BASE}/reservations/${r.uuid}`, { token: owner, status: 200 })).data;
      for (const n of detail.night_rates) {
        if (n.date >= today && n.date <= to) {
          revenue += n.rate;
          roomNights += 1;
        }
      }
    }
    const availability = (await t.json("GET", `${BASE}/availability?from=${today}&to=${to}`, { token: owner, status: 200 })).data;
    const available = availability.nights.reduce((s: number, n: any) => s + n.rooms - n.blocked, 0);
    expect(roomNights).toBeGreaterThan(0);
    expect(reply.data).toMatchObject({ revenue, roomNights, available, adr: Math.round(revenue / roomNights), revpar: Math.round(revenue / available) });
    expect(roomNights).toBe(availability.nights.reduce((s: number, n: any) => s + n.sold, 0));
  });

  it("answers holidays, suggestions, days to update, help and an unknown question", async () => {
    const path = `${CHAT}/${conversationId}/messages`;
    const kinds = [];
    for (const q of ["Quais os próximos feriados?", "Sugestões de temporada", "Quais dias preciso atualizar?", "O que você sabe fazer?", "Bom dia!"]) {
      const res = await ask(owner, q, "pt-BR", path);
      expect(res.status).toBe(201);
      kinds.push((await res.json()).messages[1].data.kind);
    }
    expect(kinds).toEqual(["holidays", "suggestions", "daysToUpdate", "help", "unknown"]);
  });

  it("gives the thread in order and the conversation in the list", async () => {
    const { conversation, messages } = await t.json("GET", `${CHAT}/${conversationId}`, { token: owner, status: 200 });
    expect(conversation.uuid).toBe(conversationId);
    expect(messages).toHaveLength(22);
    expect(messages.map((m: any) => m.role)).toEqual(Array.from({ length: 22 }, (_, i) => (i % 2 ? "assistant" : "user")));
    const list = await t.json("GET", CHAT, { token: owner, status: 200 });
    expect(list.data.map((c: any) => c.uuid)).toContain(conversationId);
  });

  it("refuses empty and too long questions with a field error (422)", async () => {
    for (const message of ["   ", "x".repeat(2001), 42]) {
      const res = await ask(owner, message);
      expect(res.status).toBe(422);
      expect((await res.json()).errors.message).toHaveLength(1);
    }
    expect((await t.call("POST", CHAT, { token: owner, body: "{not json" })).status).toBe(422);
    expect((await ask(owner, "x".repeat(2000))).status).toBe(201);
  });

  it("keeps conversations private: another user of the business gets 404", async () => {
    const me = await userByEmail(t.db, demoUsers.collaborator.email);
    await t.json("PUT", `${BASE}/collaborators/${me.id}`, { token: owner, body: { permissions: [...DEMO_COLLABORATOR_PERMISSIONS, "user.chat-ai"] }, status: 200 });
    expect((await t.json("GET", CHAT, { token: collaborator, status: 200 })).data).toEqual([]);
    expect((await t.call("GET", `${CHAT}/${conversationId}`, { token: collaborator })).status).toBe(404);
    expect((await ask(collaborator, "ajuda", "pt-BR", `${CHAT}/${conversationId}/messages`)).status).toBe(404);
    expect((await t.call("DELETE", `${CHAT}/${conversationId}`, { token: collaborator })).status).toBe(404);
    expect((await t.call("GET", `${CHAT}/not-a-uuid`, { token: owner })).status).toBe(404);
    expect((await t.call("GET", `${CHAT}/00000000-0000-4000-8000-000000000000`, { token: owner })).status).toBe(404);
  });

  it("answers only from the areas the caller may open", async () => {
    const me = await userByEmail(t.db, demoUsers.collaborator.email);
    await t.json("PUT", `${BASE}/collaborators/${me.id}`, { token: owner, body: { permissions: ["user.chat-ai", "user.calendar"] }, status: 200 });
    const { messages } = await (await ask(collaborator, "Qual a receita deste mês?")).json();
    expect(messages[1].data).toEqual({ kind: "noAccess", area: "reservations" });
    expect(messages[1].content).toContain("as reservas");
  });

  it("deletes the owner's conversation", async () => {
    expect((await t.call("DELETE", `${CHAT}/${conversationId}`, { token: owner })).status).toBe(200);
    expect((await t.call("GET", `${CHAT}/${conversationId}`, { token: owner })).status).toBe(404);
  });

  it("limits how many questions a user asks (429 with Retry-After), each user on their own count", async () => {
    // The collaborator has asked once so far.
    let answered = 1;
    let refused: Response | undefined;
    for (let i = 0; i < CHAT_LIMIT + 1 && !refused; i++) {
      const res = await ask(collaborator, "Quais os próximos feriados?");
      if (res.status === 429) refused = res;
      else {
        expect(res.status).toBe(201);
        answered += 1;
      }
    }
    expect(answered).toBe(CHAT_LIMIT);
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await ask(owner, "ajuda")).status).toBe(201);
  });
});
