import { expect, test, type Page } from "@playwright/test";
import { apiSignIn, demo, scriptsRan, signIn } from "./support/auth";
import { ownerWithHotel, PASSWORD, unique } from "./support/hotel";
import { arrivalOf, brl, isoDay, kept, MONTHS, nightRates, parseRows, sharedHeader, sharedLines, type Row } from "./support/shared-file";

/**
 * Issue 25: the owner uploads a slice of the shared "Hotel booking demand" file (N. Antonio,
 * A. de Almeida, L. Nunes, Data in Brief 22 (2019), CC BY 4.0), maps it with the built-in preset,
 * reads the dry run, imports, and /monthly shows the month's room revenue the test computes from
 * the CSV with its own code; importing the same file again changes nothing. JavaScript on and
 * off, each on its own month (July 2015 with, March 2016 without) so the runs do not meet.
 */
/** Bookings arriving on days 1–7 of one month, as the file has them. */
function slice(year: number, month: number) {
  const picked = sharedLines.filter((l) => {
    const c = l.split(",");
    return c[3] === String(year) && c[4] === MONTHS[month - 1] && Number(c[6]) <= 7;
  });
  return `${sharedHeader}\n${picked.join("\n")}\n`;
}

/** The test's own reading: stays with nights and revenue ≥ 0 are imported; the month's room revenue is the nights in it of the stays that did not cancel. */
function expected(csv: string, year: number, month: number) {
  const rows = parseRows(csv);
  const imported = rows.filter(kept);
  const monthKey = `${year}-${String(month).padStart(2, "0")}`;
  let revenue = 0;
  for (const r of imported) {
    if (r.reservation_status !== "Check-Out") continue;
    for (const n of nightRates(r)) if (n.night.startsWith(monthKey)) revenue += n.cents;
  }
  return { rows: rows.length, kept: imported.length, skipped: rows.length - imported.length, revenue };
}

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

async function importFile(page: Page, csv: string, name: string, category = "Standard") {
  await page.goto("/pms-settings/imports");
  await page.getByLabel("Arquivo de reservas (CSV ou XLSX, até 50 MB)").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Enviar e ver prévia" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // The preset that fits the file is chosen; each of its room types goes to Standard.
  await expect(page.getByLabel("Predefinição", { exact: true })).toHaveValue("hotel-booking-demand");
  const types = page.getByRole("group", { name: "Tipos de quarto" }).getByRole("combobox");
  for (let i = 0; i < (await types.count()); i++) await types.nth(i).selectOption({ label: category });
  await page.getByRole("button", { name: "Fazer a simulação" }).click();
  await expect(page.getByRole("heading", { name: "Simulação" })).toBeVisible();
}

test("a slice of the shared file imported, its month's revenue as the CSV says, and again without change", async ({ page }, info) => {
  test.setTimeout(240_000);
  const js = info.project.name === "js";
  const [year, month] = js ? [2015, 7] : [2016, 3];
  const csv = slice(year, month);
  const want = expected(csv, year, month);
  await signIn(page, demo.owner);
  expect(await scriptsRan(page)).toBe(js);

  await importFile(page, csv, `resort-${year}-${month}.csv`);
  // A run before this one (same database) would have imported these rows already.
  const added = Number(await count(page, "add").textContent());
  const unchanged = Number(await count(page, "unchanged").textContent());
  expect(added + unchanged).toBe(want.kept);
  await expect(count(page, "skip")).toHaveText(String(want.skipped));
  await page.getByRole("button", { name: /^Importar \d+ linhas$/ }).click();
  await expect(page.getByText("Importação concluída.")).toBeVisible({ timeout: 120_000 });
  await expect(count(page, "add")).toHaveText(String(added));

  await page.goto(`/monthly?year=${year}`);
  await expect(page.getByRole("cell", { name: brl(want.revenue), exact: true }).first()).toBeVisible();

  // The same file again: nothing to add or update, nothing changed.
  await importFile(page, csv, `resort-${year}-${month}.csv`);
  await expect(count(page, "add")).toHaveText("0");
  await expect(count(page, "update")).toHaveText("0");
  await expect(count(page, "unchanged")).toHaveText(String(want.kept));
  await page.getByRole("button", { name: "Importar 0 linhas" }).click();
  await expect(page.getByText("Importação concluída.")).toBeVisible({ timeout: 120_000 });
  await page.goto(`/monthly?year=${year}`);
  await expect(page.getByRole("cell", { name: brl(want.revenue), exact: true }).first()).toBeVisible();
});

/**
 * A hotel of its own imports two weeks of the shared file moved by whole weeks to arrive from
 * tomorrow on (weekdays kept), booked and cancelled on the days the file says, moved the same way;
 * only what was known by yesterday, and no more stays on a night than the hotel has rooms (the
 * test picks them, in file order, so that nothing is left unplaced). The dashboard's next 30
 * nights and the /tracking forecast's "on the books" then show what the test adds up from the CSV.
 */
test("an imported hotel's dashboard and tracking show the figures of its own file", async ({ page, browser, request }, info) => {
  test.setTimeout(300_000);
  const hotel = unique("Resort importado", info);
  const { email } = await ownerWithHotel(page, browser, info, hotel);
  const token = await apiSignIn(request, email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const answer = (await (await request.get("/api/v1/businesses", { headers: auth })).json()) as { businesses: { uuid: string; company_name: string; timezone: string }[] };
  const business = answer.businesses.find((b) => b.company_name === hotel)!;
  // The hotel's rooms, as its owner would enter them on /rooms: one category of 40.
  const created = await request.post(`/api/v1/businesses/${business.uuid}/room-categories`, {
    headers: auth,
    data: { room_setup: { categories: [{ name: "Apartamento", room_count: 40, min_occupation: 1, max_occupation: 4 }] } },
  });
  expect(created.status()).toBe(201);
  const category = { name: "Apartamento", room_count: 40 };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: business.timezone }).format(new Date());
  const DAY = 86_400_000;
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  // Arrivals 1–14 August 2016, moved by whole weeks to start on the first such weekday after today.
  const source = Date.UTC(2016, 7, 1);
  const shift = Math.ceil((todayMs + DAY - source) / (7 * DAY)) * 7 * DAY;
  const moved = (ms: number) => ms + shift;
  const mdy = (ms: number) => { const d = new Date(ms); return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`; };
  const parseMdy = (v: string) => { const [m, d, y] = v.split("/").map(Number); return Date.UTC(y!, m! - 1, d!); };
  const header = sharedHeader.split(",");
  const perNight = new Map<string, number>();
  const chosen: Row[] = [];
  for (const line of sharedLines) {
    const cells = line.split(",");
    const r = Object.fromEntries(header.map((h, i) => [h, cells[i]!])) as Row;
    const arrival = arrivalOf(r);
    if (arrival < source || arrival >= source + 14 * DAY || !kept(r)) continue;
    const booked = moved(arrival - Number(r.lead_time) * DAY);
    const statusDay = moved(parseMdy(r.reservation_status_date!));
    const holds = r.reservation_status === "Check-Out";
    if (booked >= todayMs || (!holds && statusDay >= todayMs)) continue;
    const shifted: Row = { ...r, arrival_date_year: String(new Date(moved(arrival)).getUTCFullYear()), arrival_date_month: MONTHS[new Date(moved(arrival)).getUTCMonth()]!, arrival_date_day_of_month: String(new Date(moved(arrival)).getUTCDate()), reservation_status_date: mdy(statusDay) };
    const nights = nightRates(shifted).map((n) => n.night);
    if (holds && nights.some((n) => (perNight.get(n) ?? 0) >= category.room_count)) continue;
    if (holds) for (const n of nights) perNight.set(n, (perNight.get(n) ?? 0) + 1);
    chosen.push(shifted);
  }
  expect(chosen.length).toBeGreaterThan(5);
  const csv = `${sharedHeader}\n${chosen.map((r) => header.map((h) => r[h]).join(",")).join("\n")}\n`;

  /** Room nights and revenue on the books for the nights from `from` (days after today), `days` of them. */
  const onBooks = (from: number, days: number) => {
    let roomNights = 0;
    let cents = 0;
    for (const r of chosen) {
      if (r.reservation_status !== "Check-Out") continue;
      for (const n of nightRates(r)) {
        const at = Date.parse(`${n.night}T00:00:00Z`);
        if (at < todayMs + from * DAY || at >= todayMs + (from + days) * DAY) continue;
        roomNights++;
        cents += n.cents;
      }
    }
    return { roomNights, cents };
  };

  await importFile(page, csv, "agosto.csv", category.name);
  await expect(count(page, "add")).toHaveText(String(chosen.length));
  await page.getByRole("button", { name: /^Importar \d+ linhas$/ }).click();
  await expect(page.getByText("Importação concluída.")).toBeVisible({ timeout: 120_000 });
  await expect(count(page, "unplaced")).toHaveText("0");

  const next30 = onBooks(0, 30);
  expect(next30.roomNights).toBeGreaterThan(0);
  const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });
  await page.goto("/");
  const card = page.locator('[data-card="next-30"]');
  await expect(card).toContainText(brl(next30.cents));
  await expect(card).toContainText(percent.format(next30.roomNights / (category.room_count * 30)));

  const next90 = onBooks(0, 90);
  await page.goto("/tracking?view=forecast&days=90");
  await expect(page.getByText(`Na carteira: ${new Intl.NumberFormat("pt-BR").format(next90.roomNights)}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Na carteira: ${brl(next90.cents)}`, { exact: true })).toBeVisible();
});
