import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { demo, scriptsRan, signIn } from "./support/auth";

/**
 * Issue 25: the owner uploads a slice of the shared "Hotel booking demand" file (N. Antonio,
 * A. de Almeida, L. Nunes, Data in Brief 22 (2019), CC BY 4.0), maps it with the built-in preset,
 * reads the dry run, imports, and /monthly shows the month's room revenue the test computes from
 * the CSV with its own code; importing the same file again changes nothing. JavaScript on and
 * off, each on its own month (July 2015 with, March 2016 without) so the runs do not meet.
 */
const FILE = new URL("../fixtures/hotel-booking-demand/resort-hotel.csv.gz", import.meta.url);
const text = gunzipSync(readFileSync(FILE)).toString("utf8");
const [header, ...lines] = text.trimEnd().split("\n");

type Row = Record<string, string>;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Bookings arriving on days 1–7 of one month, as the file has them. */
function slice(year: number, month: number) {
  const picked = lines.filter((l) => {
    const c = l.split(",");
    return c[3] === String(year) && c[4] === MONTHS[month - 1] && Number(c[6]) <= 7;
  });
  return `${header}\n${picked.join("\n")}\n`;
}

/** The test's own reading: stays with nights and revenue ≥ 0 are imported; the month's room revenue is the nights in it of the stays that did not cancel. */
function expected(csv: string, year: number, month: number) {
  const rows = parse(csv, { columns: true }) as Row[];
  const nights = (r: Row) => Number(r.stays_in_weekend_nights) + Number(r.stays_in_week_nights);
  const kept = rows.filter((r) => nights(r) > 0 && Number(r.adr) >= 0);
  let revenue = 0;
  for (const r of kept) {
    if (r.reservation_status !== "Check-Out") continue;
    const n = nights(r);
    const total = Math.round(Number(r.adr) * n * 100);
    const base = Math.floor(total / n);
    const arrival = Date.UTC(Number(r.arrival_date_year), MONTHS.indexOf(r.arrival_date_month!), Number(r.arrival_date_day_of_month));
    for (let i = 0; i < n; i++) {
      const night = new Date(arrival + i * 86_400_000);
      if (night.getUTCFullYear() === year && night.getUTCMonth() + 1 === month) revenue += base + (i < total - base * n ? 1 : 0);
    }
  }
  return { rows: rows.length, kept: kept.length, skipped: rows.length - kept.length, revenue };
}

const brl = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

async function importFile(page: Page, csv: string, name: string) {
  await page.goto("/pms-settings/imports");
  await page.getByLabel("Arquivo de reservas (CSV ou XLSX, até 50 MB)").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Enviar e ver prévia" }).click();
  await expect(page).toHaveURL(/\/pms-settings\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // The preset that fits the file is chosen; each of its room types goes to Standard.
  await expect(page.getByLabel("Predefinição", { exact: true })).toHaveValue("hotel-booking-demand");
  const types = page.getByRole("group", { name: "Tipos de quarto" }).getByRole("combobox");
  for (let i = 0; i < (await types.count()); i++) await types.nth(i).selectOption({ label: "Standard" });
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
