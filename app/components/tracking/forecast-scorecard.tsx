import { useTranslation } from "react-i18next";
import { FigureTable } from "#app/components/intelligence/charts";
import { useFormats } from "#app/components/tracking/charts";
import type { ForecastAnswer, ScorecardJson } from "#app/components/tracking/types";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import { formatDateTime } from "#app/lib/format-date";

type Horizon = ScorecardJson["horizons"][number];
type Baseline = keyof Horizon["baselines"];

/** The classical method with the smallest error at a distance: the one a spreadsheet would have done best with. */
function bestBaseline(h: Horizon): Baseline {
  return (Object.keys(h.baselines) as Baseline[]).reduce((best, m) => (h.baselines[m].percent < h.baselines[best].percent ? m : best));
}

/** One error in a scorecard cell: the % over the rooms a night, kept whole on a phone. */
function ErrorCell({ percent, rooms, note, strong }: { percent: string; rooms: string; note?: string; strong?: boolean }) {
  return (
    <span className={strong ? "font-semibold" : undefined}>
      <span className="whitespace-nowrap">{percent}</span>
      <span className="block whitespace-nowrap text-xs font-normal text-slate-600">{rooms}</span>
      {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
    </span>
  );
}

/**
 * The forecast's scorecard (issue 26 point 6): how far off it was over the hotel's own last year
 * at each distance, beside the classical methods, in rooms and in %, and how often nights ended
 * inside their range — in sentences first, then the full table.
 */
export function ForecastScorecard({ scorecard, currency }: { scorecard: ForecastAnswer["scorecard"]; currency: string }) {
  const { t } = useTranslation("tracking");
  const f = useFormats(currency);
  const timeZone = useBusinessTimeZone();
  const method = (m: string) => t(`forecast.method.${m}`);
  // The scorecard's figures are percents already (4.5 means 4.5 %).
  const percent = (v: number) => f.percent(v / 100);
  return (
    <section aria-labelledby="scorecard-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id="scorecard-heading" className="mb-2 font-semibold">
        {t("scorecard.heading")}
      </h3>
      {scorecard === null ? (
        <p className="text-sm text-slate-700">{t("scorecard.notYet")}</p>
      ) : scorecard.status === "too_little_history" ? (
        <p className="text-sm text-slate-700">{t("scorecard.tooLittleHistory")}</p>
      ) : (
        <>
          <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("scorecard.how", { from: f.long(scorecard.from!), to: f.long(scorecard.to) })}</p>
          <ul className="mb-3 max-w-3xl list-disc space-y-2 pl-5 text-sm">
            {scorecard.horizons.map((h) => {
              const best = bestBaseline(h);
              return (
                <li key={h.days}>
                  {t("scorecard.plain", {
                    count: h.days,
                    rooms: f.number(h.forecast.rooms),
                    percent: percent(h.forecast.percent),
                    baseline: method(best),
                    baselineRooms: f.number(h.baselines[best].rooms),
                    baselinePercent: percent(h.baselines[best].percent),
                  })}{" "}
                  {h.coverage === null ? null : t("scorecard.coverage", { coverage: percent(h.coverage) })}
                </li>
              );
            })}
          </ul>
          <div className="overflow-x-auto">
            <FigureTable
              caption={t("scorecard.tableCaption")}
              head={[t("scorecard.daysOut"), t("scorecard.inUse"), ...(Object.keys(scorecard.horizons[0]!.baselines) as Baseline[]).map(method), t("scorecard.coverageHead")]}
              rows={scorecard.horizons.map((h) => ({
                key: String(h.days),
                cells: [
                  t("scorecard.daysOutValue", { count: h.days }),
                  <ErrorCell key="in-use" percent={percent(h.forecast.percent)} rooms={t("scorecard.rooms", { rooms: f.number(h.forecast.rooms) })} note={method(h.method)} strong />,
                  ...(Object.keys(h.baselines) as Baseline[]).map((m) => (
                    <ErrorCell key={m} percent={percent(h.baselines[m].percent)} rooms={t("scorecard.rooms", { rooms: f.number(h.baselines[m].rooms) })} />
                  )),
                  h.coverage === null ? "—" : percent(h.coverage),
                ],
              }))}
            />
          </div>
        </>
      )}
      {scorecard ? <p className="mt-2 text-xs text-slate-600">{t("scorecard.computedAt", { when: formatDateTime(scorecard.computed_at, f.locale, timeZone) })}</p> : null}
    </section>
  );
}

/** The method in use per distance, consecutive distances with the same method told together. */
export function MethodsInUse({ horizons }: { horizons: ForecastAnswer["horizons"] }) {
  const { t } = useTranslation("tracking");
  const groups: { from: number; to: number; method: string }[] = [];
  // Tonight (0 days before) is forecast as a night 1 day out.
  let previous = -1;
  for (const h of horizons) {
    const last = groups[groups.length - 1];
    if (last && last.method === h.method) last.to = h.days;
    else groups.push({ from: previous + 1, to: h.days, method: h.method });
    previous = h.days;
  }
  return (
    <section aria-labelledby="methods-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id="methods-heading" className="mb-2 font-semibold">
        {t("forecast.methodsHeading")}
      </h3>
      <ul className="space-y-1 text-sm">
        {groups.map((g) => (
          <li key={g.from}>{t("forecast.methodRange", { from: g.from, to: g.to, method: t(`forecast.method.${g.method}`) })}</li>
        ))}
      </ul>
    </section>
  );
}
