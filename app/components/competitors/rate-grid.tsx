import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { centsToInput, formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors, useMessage } from "#app/components/ui/field";
import { cellName, wasName } from "./grid-form";
import { PositionBadge } from "./position-badge";
import type { CompetitorJson, NightJson, RatesAnswer } from "./types";

export interface GridResult {
  intent: "rates";
  cells: Record<string, string>;
  errors: string[];
  /** What was typed, shown again beside the errors (JavaScript off re-renders from the server). */
  values: Record<string, string>;
}

/**
 * The next nights, one row each: our rate, what each active competitor asked (editable), the
 * market's min · median · max and our position. One form; with JavaScript it posts through a
 * fetcher (the page stays put), without it the same form posts and the page comes back.
 * Below the md breakpoint the table's rows become stacked cards.
 */
export function RateGrid({ answer, action, lastResult }: { answer: RatesAnswer; action: string; lastResult?: GridResult | null }) {
  const { t, i18n } = useTranslation("competitors");
  const locale = i18n.language;
  const fetcher = useFetcher<GridResult>();
  const result = (fetcher.data?.intent === "rates" ? fetcher.data : null) ?? lastResult ?? null;
  const set = answer.competitors.filter((c) => c.active);
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, locale, answer.currency));
  const busy = fetcher.state !== "idle";
  if (set.length === 0) return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("grid.noCompetitors")}</p>;

  return (
    <fetcher.Form method="post" action={action} aria-labelledby="grid-heading" className="space-y-3">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="rates" />
      <p id="grid-hint" className="text-sm text-slate-700">
        {t("grid.hint", { soldOut: t("grid.soldOutWord") })}
      </p>
      <FormErrors id="grid-errors" errors={result?.errors.length ? result.errors : Object.keys(result?.cells ?? {}).length ? [t("grid.fixCells")] : undefined} />
      <div className="md:overflow-x-auto md:rounded-lg md:border md:border-slate-200 md:bg-white">
        <table className="block w-full text-sm md:table">
          <caption className="sr-only">{t("grid.caption", { from: formatDate(answer.from, locale), to: formatDate(answer.to, locale) })}</caption>
          <thead className="hidden md:table-header-group">
            <tr className="border-b border-slate-200 bg-slate-50 text-left">
              <th scope="col" className="px-2 py-2 font-semibold">
                {t("grid.night")}
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                {t("grid.ourRate", { category: answer.category?.name ?? "" })}
              </th>
              {set.map((c) => (
                <th key={c.uuid} scope="col" className="px-2 py-2 font-semibold">
                  {c.name}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 font-semibold">
                {t("grid.market")}
              </th>
              <th scope="col" className="px-2 py-2 font-semibold">
                {t("grid.position")}
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {answer.nights.map((night) => (
              <NightRow key={night.date} night={night} set={set} money={money} locale={locale} result={result} />
            ))}
          </tbody>
        </table>
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary")}>
        {busy ? t("grid.saving") : t("grid.save")}
      </button>
    </fetcher.Form>
  );
}

function NightRow({
  night,
  set,
  money,
  locale,
  result,
}: {
  night: NightJson;
  set: CompetitorJson[];
  money: (cents: number | null) => string;
  locale: string;
  result: GridResult | null;
}) {
  const { t } = useTranslation("competitors");
  const message = useMessage();
  const seen = new Map(night.rates.map((r) => [r.competitor_uuid, r]));
  const day = formatDate(night.date, locale, { weekday: "short", day: "2-digit", month: "short" });
  const cell = "flex items-center justify-between gap-3 px-3 py-1 md:table-cell md:px-2 md:py-1.5";
  const mobileLabel = "text-slate-600 md:hidden";
  return (
    <tr className="block rounded-lg border border-slate-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0">
      <th scope="row" className="block px-3 pb-1 text-left font-semibold md:table-cell md:px-2 md:font-medium">
        {day}
      </th>
      <td className={cell}>
        <span className={mobileLabel}>{t("grid.ourRateShort")}</span>
        <span className="font-medium tabular-nums">{money(night.our_rate)}</span>
      </td>
      {set.map((c) => {
        const name = cellName(c.uuid, night.date);
        const recorded = seen.get(c.uuid);
        const shown = recorded === undefined ? "" : recorded.rate === null ? t("grid.soldOutWord") : centsToInput(recorded.rate, locale);
        const typed = result?.values[name];
        const error = result?.cells[name];
        const id = `cell-${c.uuid}-${night.date}`;
        return (
          <td key={c.uuid} className={cell}>
            {/* Visible on phones (the card has no column header); the input's own name adds the night. */}
            <label htmlFor={id} className="text-slate-600 md:sr-only">
              {c.name}
            </label>
            <span className="flex flex-col items-end md:items-stretch">
              <input type="hidden" name={wasName(c.uuid, night.date)} value={shown} />
              <input
                key={`${shown}|${typed ?? ""}`}
                id={id}
                name={name}
                defaultValue={typed ?? shown}
                aria-label={`${c.name}, ${day}`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : "grid-hint"}
                className={`w-28 rounded-md border px-2 py-1 text-right tabular-nums aria-[invalid=true]:border-red-600 ${recorded?.rate === null && !typed ? "border-slate-400 bg-slate-100 italic" : "border-slate-300 bg-white"}`}
              />
              {error ? (
                <span id={`${id}-error`} className="mt-0.5 text-xs text-red-700">
                  {message(error)}
                </span>
              ) : null}
            </span>
          </td>
        );
      })}
      <td className={cell}>
        <span className={mobileLabel}>{t("grid.market")}</span>
        <span className="whitespace-nowrap text-right tabular-nums md:text-left">
          {night.market.count ? t("grid.marketRange", { min: money(night.market.min), median: money(night.market.median), max: money(night.market.max) }) : t("grid.noMarket")}
          {night.market.sold_out ? <span className="block text-xs text-slate-600">{t("grid.soldOutCount", { count: night.market.sold_out })}</span> : null}
        </span>
      </td>
      <td className={cell}>
        <span className={mobileLabel}>{t("grid.position")}</span>
        <PositionBadge position={night.position} locale={locale} />
      </td>
    </tr>
  );
}
