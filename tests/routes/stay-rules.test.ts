import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { addDays } from "#domain/pricing/dates.ts";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as stayRules from "#app/routes/pricing/stay-rules.tsx";
import * as calendar from "#app/routes/pricing/calendar.tsx";
import { demoUsers } from "#tests/helpers/api.ts";
import { renderingI18n } from "#tests/helpers/i18n.ts";
import { createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

/**
 * Issue 28 point 4: /stay-rules lists the open orphan gaps with what was done, and its plain forms
 * (settings with Preview beside Save, demand rules) save, preview and refuse bad values beside the
 * fields — checked in the loader/action data and in the HTML the server renders (what a browser
 * without JavaScript shows).
 */
let h: RouteHarness;
let base: string;
let token: string;
const inApp = { layouts: [appLayout] };
const SUITE = DEMO_CATEGORY_IDS.suite;
const i18n = await renderingI18n();

beforeAll(async () => {
  h = await createRouteHarness();
  token = await h.t.login(demoUsers.owner.email);
  const { businesses } = await h.t.json("GET", "/api/v1/businesses", { token, status: 200 });
  base = `/api/v1/businesses/${businesses[0].uuid}`;
});
afterAll(() => h.close());

/** The page as the server renders it for these loader and action answers. */
function html(loaderData: unknown, actionData?: unknown): string {
  const Page = stayRules.default as unknown as ComponentType<{ loaderData: unknown; actionData: unknown }>;
  const router = createMemoryRouter([{ path: "/stay-rules", element: createElement(Page, { loaderData, actionData }) }], { initialEntries: ["/stay-rules"] });
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(AuthenticityTokenProvider, { token: "t", children: createElement(RouterProvider, { router }) })));
}

/** Fills the Suíte on three free nights with one-night stays, then cancels one of the middle night's: a one-night gap. */
async function oneNightGap(): Promise<string> {
  const { today } = await h.t.json("GET", `${base}/stay-rules`, { token, status: 200 });
  const { data } = await h.t.json("GET", `${base}/availability?from=${addDays(today, 10)}&to=${addDays(today, 50)}`, { token, status: 200 });
  const free = (d: { categories: { uuid: string; free: number }[] }) => d.categories.find((c) => c.uuid === SUITE)!.free;
  const at = data.nights.findIndex((_: unknown, i: number) => i + 2 < data.nights.length && [0, 1, 2].every((k) => free(data.nights[i + k]) > 0));
  expect(at).toBeGreaterThanOrEqual(0);
  const guest = { name: "Maria Souza", email: "maria@example.com", phone: "+55 48 99999-0000", country: "BR" };
  let middle = "";
  for (const k of [0, 1, 2]) {
    const night = data.nights[at + k];
    for (let n = free(night); n > 0; n--) {
      const body = { arrival: night.date, departure: addDays(night.date, 1), room_category_uuid: SUITE, adults: 2, children: 0, guest, channel: "direct", override_stay_rules: true };
      const { reservation } = await h.t.json("POST", `${base}/reservations`, { token, body, status: 201 });
      if (k === 1) middle = reservation.uuid;
    }
  }
  await h.t.json("POST", `${base}/reservations/${middle}/cancel`, { token, status: 200 });
  return data.nights[at + 1].date;
}

const settings = (over: Record<string, string | string[]> = {}) => ({
  intent: "settings",
  gap_fill: "on",
  gap_max_nights: "2",
  gap_discount_percent: "10",
  mode: "off",
  category: SUITE,
  [`bases.${SUITE}.min_stay`]: "2",
  [`bases.${SUITE}.closed_to_departure`]: ["0"],
  ...over,
});

describe("/stay-rules (loader, action and the HTML without JavaScript)", () => {
  it("lists a one-night gap a cancellation opens, filled with the minimum lowered to 1, and saves the settings with the plain form", async () => {
    const gap = await oneNightGap();
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const saved = await owner.post("/stay-rules", stayRules, settings(), inApp);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/stay-rules");

    const page = await owner.get("/stay-rules", stayRules, inApp);
    expect(page.status).toBe(200);
    expect(page.data.canEdit).toBe(true);
    expect(page.data.answer.settings).toMatchObject({ gap_fill: true, gap_max_nights: 2, gap_discount_percent: 10 });
    expect(page.data.answer.settings.bases[SUITE]).toMatchObject({ min_stay: 2, closed_to_departure: [0], max_stay: null });
    const listed = page.data.answer.gaps.find((g: { first: string }) => g.first === gap);
    expect(listed).toMatchObject({ room_category_uuid: SUITE, nights: 1, action: "filled", min_stay_arrival: 1, discount_percent: 10 });

    const shown = html(page.data);
    expect(shown).toContain(`data-first="${gap}"`);
    expect(shown).toContain("Preenchida: mínimo reduzido para caber");
    expect(shown).toContain("estadia mínima de 1 noite");
    // A gap whose fitting change waits for the owner says so and links to where it is accepted.
    const waiting = html({ ...page.data, answer: { ...page.data.answer, gaps: [{ ...listed, action: "awaiting", min_stay_arrival: 2 }] } });
    expect(waiting).toContain("Aguardando aprovação: o cérebro recomenda uma regra que a preenche");
    // …to that gap's nights and category, after the minimum stay in force.
    const link = `/recommendations?from=${gap}&amp;to=${gap}&amp;category=${SUITE}`;
    expect(waiting).toMatch(new RegExp(`<a[^>]*href="${link.replace("?", "\\?")}"[^>]*>Ver recomendações</a>`));
    expect(waiting.indexOf("estadia mínima de 2 noites")).toBeLessThan(waiting.indexOf("Ver recomendações"));
    // The saved values fill the form: gap fill ticked, the Suíte's minimum 2, Sunday closed to departure.
    expect(shown).toMatch(new RegExp(`name="bases.${SUITE}.min_stay"[^>]*value="2"|value="2"[^>]*name="bases.${SUITE}.min_stay"`));
    expect(shown).toMatch(/name="gap_fill"[^>]*checked/);
    expect(shown).toContain(`name="bases.${SUITE}.closed_to_departure" checked="" value="0"`);
    expect(shown).toContain('value="preview"');

    // The calendar shows the Suíte's rules beside each price: the gap's minimum 1, the others' 2, Sundays closed to departure.
    const cal = await owner.get(`/calendar?month=${gap.slice(0, 7)}&category=${SUITE}`, calendar, inApp);
    expect(cal.data.stay[gap]).toEqual({ min: 1, gap: true });
    const sunday = cal.data.calendar.days.find((d: { date: string }) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 0 && !cal.data.stay[d.date]?.gap).date;
    expect(cal.data.stay[sunday]).toMatchObject({ ctd: true });
    const plain = Object.entries(cal.data.stay as Record<string, { min: number; gap?: true }>).find(([, m]) => !m.gap);
    expect(plain?.[1].min).toBe(2);
    // Only the shown category's nights, and only what they carry: no night of a rule-less category.
    const standard = await owner.get(`/calendar?month=${gap.slice(0, 7)}&category=${DEMO_CATEGORY_IDS.standard}`, calendar, inApp);
    expect(standard.data.stay).toEqual({});
  });

  it("answers bad values beside their fields, and Preview shows the what-if with the values as typed, nothing saved", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const bad = await owner.post("/stay-rules", stayRules, settings({ gap_max_nights: "9", [`bases.${SUITE}.max_stay`]: "1" }), inApp);
    expect(bad.status).toBe(422);
    expect(bad.data.intent).toBe("settings");
    expect(Object.keys(bad.data.result.error)).toEqual(expect.arrayContaining(["gap_max_nights", `bases.${SUITE}.max_stay`]));
    const page = await owner.get("/stay-rules", stayRules, inApp);
    const refused = html(page.data, bad.data);
    expect(refused).toContain("A estadia máxima não pode ser menor que a mínima.");
    expect(refused).toMatch(new RegExp(`name="bases.${SUITE}.max_stay"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="bases.${SUITE}.max_stay"`));

    const preview = await owner.post("/stay-rules", stayRules, settings({ intent: "preview", gap_fill: undefined as unknown as string, [`bases.${SUITE}.min_stay`]: "3" }), inApp);
    expect(preview.status).toBe(200);
    expect(preview.data.preview).toMatchObject({ room_category_uuid: SUITE, nights: 90 });
    // Gap fill off and a minimum of 3: stays close, none opens, and the gap no longer sells.
    expect(preview.data.preview.closed).toBeGreaterThan(0);
    expect(preview.data.preview.opened).toBe(0);
    expect(preview.data.preview.gaps.some((g: { sellable_before: boolean; sellable_after: boolean }) => g.sellable_before && !g.sellable_after)).toBe(true);
    const previewed = html(page.data, preview.data);
    expect(previewed).toContain('data-testid="what-if"');
    expect(previewed).toContain("Nada é salvo até você clicar em Salvar.");
    expect(previewed).toMatch(new RegExp(`name="bases.${SUITE}.min_stay"[^>]*value="3"|value="3"[^>]*name="bases.${SUITE}.min_stay"`));
    const after = await owner.get("/stay-rules", stayRules, inApp);
    expect(after.data.answer.settings.bases[SUITE].min_stay).toBe(2);
    expect(after.data.answer.settings.gap_fill).toBe(true);

    const noCategory = await owner.post("/stay-rules", stayRules, settings({ intent: "preview", category: "" }), inApp);
    expect(noCategory.status).toBe(422);
    expect(Object.keys(noCategory.data.result.error)).toContain("category");
  });

  it("adds and removes a demand rule, refusing a relaxed minimum above the rule's", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const rule = { intent: "demand-rule", category: SUITE, weekdays: ["5", "6"], applies_to: "arrival", min_stay: "3", relax_inside_days: "7", relaxed_min_stay: "1" };
    const bad = await owner.post("/stay-rules", stayRules, { ...rule, relaxed_min_stay: "4" }, inApp);
    expect(bad.status).toBe(422);
    expect(bad.data.intent).toBe("demand-rule");
    expect(Object.keys(bad.data.result.error)).toContain("relaxed_min_stay");
    const page = await owner.get("/stay-rules", stayRules, inApp);
    expect(html(page.data, bad.data)).toContain("O mínimo relaxado não pode ser maior que o mínimo da regra.");

    expect((await owner.post("/stay-rules", stayRules, rule, inApp)).status).toBe(302);
    const listed = await owner.get("/stay-rules", stayRules, inApp);
    const [added] = listed.data.answer.demand_rules;
    expect(added).toMatchObject({ category: SUITE, weekdays: [5, 6], min_stay: 3, relax_inside_days: 7, relaxed_min_stay: 1, source: "owner" });
    expect(html(listed.data)).toContain("mín. 3 noites na chegada");

    const removed = await owner.post("/stay-rules", stayRules, { intent: "demand-rule-delete", rule: added.uuid }, inApp);
    expect(removed.status).toBe(302);
    expect((await owner.get("/stay-rules", stayRules, inApp)).data.answer.demand_rules).toEqual([]);
  });

  it("shows Tarifa's suggested rule with why, and adds it with the plain form; then says it is in use", async () => {
    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    const page = await owner.get("/stay-rules", stayRules, inApp);
    // The demo's year: some category full on a few to most of the 52 nights of each weekday (the
    // seed's draws vary with its day); the weekdays full on at least 1 night in 10 get the rule,
    // none named when all 7 do, relaxed below 90 %.
    const { suggestion } = page.data.answer;
    const evidence: { weekday: number; nights: number; sold_out: number }[] = suggestion.evidence;
    expect(evidence.map((e) => e.nights)).toEqual([52, 52, 52, 52, 52, 52, 52]);
    const busy = evidence.filter((e) => e.sold_out * 10 >= e.nights).map((e) => e.weekday);
    expect(busy.length).toBeGreaterThan(0);
    const weekdays = busy.length === 7 ? [] : busy;
    expect(suggestion).toMatchObject({ rule: { weekdays, min_stay: 2, relax_below_occupancy_percent: 90, relaxed_min_stay: 1 }, adopted: false });
    const shown = html(page.data);
    expect(shown).toContain("Sugestão da Tarifa, a partir dos seus últimos 12 meses");
    expect(shown).toContain("abaixo de 90 %");
    expect(shown).toContain(`${suggestion.stays.toLocaleString("pt-BR")} estadias lidas`);
    expect(shown).toContain('value="demand-rule-suggested"');

    const added = await owner.post("/stay-rules", stayRules, { intent: "demand-rule-suggested" }, inApp);
    expect(added.status).toBe(302);
    const after = await owner.get("/stay-rules", stayRules, inApp);
    expect(after.data.answer.demand_rules).toEqual([expect.objectContaining({ weekdays, min_stay: 2, relax_below_occupancy_percent: 90, source: "recommendation" })]);
    const adopted = html(after.data);
    expect(adopted).toContain("Esta regra está em uso.");
    expect(adopted).toContain("sugerida pela Tarifa");
    expect(adopted).not.toContain('value="demand-rule-suggested"');
    // Twice (another tab): refused with a toast, nothing added.
    const again = await owner.post("/stay-rules", stayRules, { intent: "demand-rule-suggested" }, inApp);
    expect(again.status).toBe(302);
    expect((await owner.get("/stay-rules", stayRules, inApp)).data.answer.demand_rules).toHaveLength(1);
  });

  it("shows the demo collaborator, a reader of the calendar, the gaps without the forms", async () => {
    const collaborator = h.browser();
    await collaborator.signIn(demoUsers.collaborator.email);
    const page = await collaborator.get("/stay-rules", stayRules, inApp);
    expect(page.status).toBe(200);
    expect(page.data.canEdit).toBe(false);
    const shown = html(page.data);
    expect(shown).toContain("Lacunas órfãs abertas nas próximas 60 noites");
    expect(shown).not.toContain("Salvar regras de estadia");
  });
});
