import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_CATEGORY_IDS } from "#api/seed/businesses";
import { apiSignIn, demo, scriptsRan, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/axe";
import { addDays, SLUG } from "./support/public-booking";

/**
 * Issue 28's "Done when", JavaScript on and off: the owner sets the Suíte's minimum stay to 2 on
 * /stay-rules; a cancellation opens a one-night gap; its minimum drops to 1 (on /stay-rules and in
 * the calendar); the public booking page then offers that night (also to a guest whose dates meet
 * the full nights around it), and refuses a one-night stay on another night with a message naming
 * the stay that works. The demo pousada is shared with the
 * other specs: the stays made here are cancelled and the settings put back in `finally`.
 */
const SUITE = DEMO_CATEGORY_IDS.suite;

type Night = { date: string; categories: { uuid: string; free: number }[] };

async function suiteNights(request: APIRequestContext, headers: Record<string, string>, base: string, from: string, to: string): Promise<Night[]> {
  const res = await request.get(`${base}/availability?from=${from}&to=${to}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()).data.nights;
}
const free = (n: Night) => n.categories.find((c) => c.uuid === SUITE)!.free;

test("a cancellation opens a one-night gap: its minimum drops to 1, the public page sells it and names the stay that works elsewhere", async ({ page, request }, info) => {
  const js = info.project.name === "js";
  const token = await apiSignIn(request, demo.owner);
  const headers = { authorization: `Bearer ${token}` };
  const { selected_business_uuid } = await (await request.get("/api/v1/businesses", { headers })).json();
  const base = `/api/v1/businesses/${selected_business_uuid}`;
  const before = (await (await request.get(`${base}/stay-rules`, { headers })).json()) as { today: string; settings: { bases: Record<string, unknown> } & Record<string, unknown> };
  const made: string[] = [];
  try {
    // The owner asks for two nights in the Suíte, gap fill on, with the page's plain form.
    await signIn(page, demo.owner);
    await page.goto("/stay-rules");
    await expect(page.getByRole("heading", { level: 1, name: "Regras de estadia" })).toBeVisible();
    expect(await scriptsRan(page)).toBe(js);
    const suite = page.getByRole("group", { name: "Regras base: Suíte" });
    await suite.getByLabel("Estadia mínima (noites)", { exact: true }).fill("2");
    await page.getByLabel("Preencher lacunas órfãs").check();
    await page.getByLabel("Maior lacuna preenchida (noites)").fill("2");
    await page.getByRole("button", { name: "Salvar regras de estadia" }).click();
    await expect(page.getByText("Regras de estadia salvas.")).toBeVisible();
    await expect(suite.getByLabel("Estadia mínima (noites)", { exact: true })).toHaveValue("2");

    // Three free nights of the Suíte filled with one-night stays, and four free nights elsewhere.
    const nights = await suiteNights(request, headers, base, addDays(before.today, 7), addDays(before.today, 55));
    const at = nights.findIndex((_, i) => i + 2 < nights.length && [0, 1, 2].every((k) => free(nights[i + k]) > 0));
    expect(at).toBeGreaterThanOrEqual(0);
    const other = nights.findIndex((_, i) => (i + 3 < at - 1 || i > at + 3) && i + 3 < nights.length && [0, 1, 2, 3].every((k) => free(nights[i + k]) > 0));
    expect(other).toBeGreaterThanOrEqual(0);
    const guest = { name: `Hóspede lacuna ${info.project.name}`, email: "lacuna@example.com", phone: "+55 48 99999-0000", country: "BR" };
    let middle = "";
    for (const k of [0, 1, 2]) {
      const night = nights[at + k];
      for (let n = free(night); n > 0; n--) {
        const data = { arrival: night.date, departure: addDays(night.date, 1), room_category_uuid: SUITE, adults: 2, children: 0, guest, channel: "direct", override_stay_rules: true };
        const res = await request.post(`${base}/reservations`, { headers, data });
        expect(res.status()).toBe(201);
        const { reservation } = await res.json();
        made.push(reservation.uuid);
        if (k === 1) middle = reservation.uuid;
      }
    }
    const gap = nights[at + 1].date;
    // The cancellation opens the gap.
    expect((await request.post(`${base}/reservations/${middle}/cancel`, { headers })).status()).toBe(200);

    await page.goto("/stay-rules");
    const listed = page.getByTestId("gaps").locator(`[data-first="${gap}"]`);
    await expect(listed).toContainText("Suíte");
    await expect(listed).toContainText("Preenchida: mínimo reduzido para caber");
    await expect(listed).toContainText("estadia mínima de 1 noite");
    if (js) await expectNoSeriousViolations(page);

    // The calendar shows it beside the price: the gap's minimum 1, another night's 2.
    await page.goto(`/calendar?month=${gap.slice(0, 7)}&category=${SUITE}`);
    const cell = page.locator(`a[data-date="${gap}"]`);
    await expect(cell.locator(".rules")).toHaveText("mín 1");
    await expect(cell).toHaveAttribute("aria-label", /Lacuna órfã: estadia mínima de 1 noite/);
    const firstOther = nights[other].date;
    if (firstOther.slice(0, 7) === gap.slice(0, 7)) await expect(page.locator(`a[data-date="${firstOther}"] .rules`)).toHaveText(/mín 2/);

    // The public page offers the gap's one night in the Suíte…
    const search = async (arrival: string, departure: string) => {
      await page.goto(`/p/${SLUG}`);
      await page.getByLabel("Chegada").fill(arrival);
      await page.getByLabel("Saída").fill(departure);
      await page.getByLabel("Adultos").fill("2");
      await page.getByLabel("Crianças").fill("0");
      await page.getByRole("button", { name: "Ver preços" }).click();
    };
    await search(gap, addDays(gap, 1));
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Suíte" }) }).getByRole("link", { name: /Reservar/ }).first()).toBeVisible();

    // …shows it to a guest whose dates run from it into the full night after it (the nearest gap
    // to those dates is this one whatever else the demo's calendar holds: ADR 0058's cost is 1,
    // and no other gap can cost as little, its neighbours being full)…
    await search(gap, addDays(gap, 2));
    const full = page.getByTestId("stay-refusal").filter({ hasText: "Suíte: indisponível para estas datas" });
    await expect(full).toContainText("Não há quarto livre na noite de");
    await full.getByRole("link", { name: "Ver esta estadia" }).click();
    await expect(page).toHaveURL(new RegExp(`arrival=${gap}&departure=${addDays(gap, 1)}`));
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Suíte" }) }).getByRole("link", { name: /Reservar/ }).first()).toBeVisible();

    // …and refuses one night elsewhere, naming the stay that works.
    const arrival = nights[other + 1].date;
    await search(arrival, addDays(arrival, 1));
    const refusal = page.getByTestId("stay-refusal").filter({ hasText: "Suíte: indisponível para estas datas" });
    await expect(refusal).toContainText("a estadia mínima é de 2 noites");
    await expect(refusal).toContainText(/Disponível: de .+ a .+\./);
    await refusal.getByRole("link", { name: "Ver esta estadia" }).click();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Suíte" }) }).getByRole("link", { name: /Reservar/ }).first()).toBeVisible();
  } finally {
    for (const id of made) await request.post(`${base}/reservations/${id}/cancel`, { headers });
    const bases = { ...before.settings.bases, [SUITE]: before.settings.bases[SUITE] ?? { min_stay: 1, weekend_min_stay: null, max_stay: null, closed_to_arrival: [], closed_to_departure: [], min_advance_days: 0, max_advance_days: null } };
    const restored = await request.put(`${base}/stay-rules/settings`, { headers, data: { ...before.settings, bases } });
    expect(restored.status()).toBe(200);
  }
});
