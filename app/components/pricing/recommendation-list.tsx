import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BrainStep } from "#domain/brain/types";
import type { RuleStep } from "#domain/stay-rules/types";
import type { PriceRecommendationJson, RecommendationJson } from "#contract/brain";
import { numberFormat } from "#domain/intl-formats";
import { formatMoney, formatPercent, formatSignedMoney } from "#domain/money";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { formatDate } from "#app/lib/format-date";
import { recommendationKey } from "#app/lib/recommendation-rows";

/** One reason in words: "Festa do Divino (+8 %)", "Ahead of the usual pace: 5 rooms for 3". */
function reasonLabel(step: BrainStep, t: (key: string, values?: Record<string, unknown>) => string, locale: string): string {
  switch (step.step) {
    case "event":
      return t("brain.step.event", { name: step.detail.name, percent: step.detail.percent });
    case "holiday":
      return t("brain.step.holiday", { names: step.detail.names.join(", "), percent: step.detail.percent });
    case "pace":
      return t("brain.step.pace", { onTheBooks: step.detail.onTheBooks, usual: numberFormat(locale, { maximumFractionDigits: 1 }).format(step.detail.usual) });
    case "demand":
      return t("brain.step.demand", { remainingDemand: step.detail.remainingDemand, remainingRooms: step.detail.remainingRooms, target: step.detail.target });
    case "response":
      return t(step.detail.position < 0 ? "brain.step.responseBelow" : "brain.step.responseAbove", {
        percent: formatPercent(Math.abs(step.detail.position), locale, { digits: 0 }),
        quotes: numberFormat(locale).format(step.detail.quotes),
      });
    default:
      return t(`brain.step.${step.step}`);
  }
}

/** The reasons of a recommendation as the steps that add up to it. */
export function Reasons({ reasons, currency }: { reasons: BrainStep[]; currency: string }) {
  const { t, i18n } = useTranslation("pricing");
  return (
    <ol className="mt-1 space-y-0.5 text-sm text-slate-700">
      {reasons.map((s, i) => (
        <li key={`${s.step}-${i}`} className="flex justify-between gap-4">
          <span>{reasonLabel(s, t, i18n.language)}</span>
          <span className="tabular-nums">{i === 0 ? formatMoney(s.amount, i18n.language, currency) : formatSignedMoney(s.amount, i18n.language, currency)}</span>
        </li>
      ))}
    </ol>
  );
}

type T = (key: string, values?: Record<string, unknown>) => string;

/** A stay rule's reason in words: "Orphan gap of 1 night from 12 Mar: minimum 1". */
function ruleReasonLabel(step: RuleStep, t: T, locale: string): string {
  const minStay = step.set.minStayArrival ?? step.set.minStayThrough;
  switch (step.step) {
    case "demand":
      return t("brain.stayRule.step.demand", { count: minStay });
    case "demandRelaxed":
      return step.detail.reason === "leadTime"
        ? t("brain.stayRule.step.relaxedLeadTime", { count: minStay, days: step.detail.days })
        : t("brain.stayRule.step.relaxedOccupancy", { count: minStay, percent: step.detail.occupancyPercent });
    case "orphanGap":
      return t("brain.stayRule.step.orphanGap", { count: step.detail.nights, first: formatDate(step.detail.first, locale), minStay });
    default:
      return t(`brain.stayRule.step.other`);
  }
}

/** The reasons of a stay-rule recommendation: the layers that set the minimum (none: back to the base rules). */
function RuleReasons({ reasons }: { reasons: RuleStep[] }) {
  const { t, i18n } = useTranslation("pricing");
  return (
    <ol className="mt-1 space-y-0.5 text-sm text-slate-700">
      {reasons.length === 0 ? <li>{t("brain.stayRule.step.base")}</li> : reasons.map((s, i) => <li key={`${s.step}-${i}`}>{ruleReasonLabel(s, t, i18n.language)}</li>)}
    </ol>
  );
}

/** The change itself: "R$ 300 → R$ 320", or "Minimum stay on arrival: 2 nights → 1 night". */
function Change({ r, money }: { r: RecommendationRow; money: (c: number) => string }) {
  const { t } = useTranslation("pricing");
  const show = (v: number) => (r.field === "price" ? money(v) : t("brain.stayRule.nights", { count: v }));
  return (
    <>
      {r.field === "price" ? null : <span>{t(`brain.stayRule.${r.field}`)}: </span>}
      <span className="text-slate-600 line-through">{show(r.current)}</span> <span aria-hidden="true">→</span> <span className="sr-only">{t("brain.recommended")}</span>
      <span className="font-semibold">{show(r.value)}</span>
    </>
  );
}

/** A row of the list: what it shows before its reasons are asked for (they come with `opened`). */
export type RecommendationRow = Pick<RecommendationJson, "room_category_uuid" | "night" | "field" | "current" | "value" | "status">;

/** Why one recommendation: its reasons and, for a price, its expected effect. */
function Why({ r, currency, money }: { r: RecommendationJson; currency: string; money: (c: number) => string }) {
  const { t, i18n } = useTranslation("pricing");
  const percent = (p: number) => formatPercent(p, i18n.language, { digits: 1 });
  return r.field === "price" ? (
    <>
      <Reasons reasons={r.reasons} currency={currency} />
      <p className="mt-1 text-sm text-slate-700">
        {t("brain.effect", {
          before: percent(r.effect.occupancy_before),
          after: percent(r.effect.occupancy_after),
          revenueBefore: money(r.effect.revenue_before),
          revenueAfter: money(r.effect.revenue_after),
        })}
      </p>
    </>
  ) : (
    <>
      <RuleReasons reasons={r.reasons} />
      <p className="mt-1 text-sm text-slate-700">{t("brain.stayRule.whatIf")}</p>
    </>
  );
}

/**
 * The pending and decided recommendations, each night with accept / reject. One form holds the
 * whole list (its CSRF token once; each button's value names its night, category and field), and
 * a night's reasons come when asked for: its link reloads the page with `why` (JavaScript off) or
 * fetches only the loader's data in place (on). A month of nights for several categories stays a
 * light document (issue 27: the page's first view on a phone).
 */
export function RecommendationList({
  rows,
  opened,
  categories,
  currency,
  canDecide,
  action,
  whyHref,
}: {
  rows: RecommendationRow[];
  /** The recommendation whose reasons were asked for, whole. */
  opened?: RecommendationJson;
  categories: { uuid: string; name: string }[];
  currency: string;
  canDecide: boolean;
  /** Where the list's form posts (the page with the list's own query, so a decision comes back to it). */
  action: string;
  /** The link that opens (`open`) or closes a night's reasons, keeping the list's own query. */
  whyHref: (key: string, open: boolean) => string;
}) {
  const { t, i18n } = useTranslation("pricing");
  const locale = i18n.language;
  const names = new Map(categories.map((c) => [c.uuid, c.name]));
  const money = (c: number) => formatMoney(c, locale, currency, { whole: true });
  const openKey = opened ? recommendationKey(opened) : null;
  if (rows.length === 0) {
    return (
      <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm" role="status">
        {t("brain.empty")}
      </p>
    );
  }
  const deciding = canDecide && rows.some((r) => r.status === "pending");
  const list = (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label={t("brain.listLabel")}>
      {rows.map((r) => {
        const key = recommendationKey(r);
        const open = key === openKey && opened ? opened : undefined;
        const labels = { night: formatDate(r.night, locale), category: names.get(r.room_category_uuid) ?? "" };
        return (
          <li key={key} id={`rec-${key}`} className="grid gap-2 p-3 sm:grid-cols-[1fr_auto]" data-night={r.night} data-category={r.room_category_uuid} data-field={r.field}>
            <div>
              <p className="font-medium">
                {formatDate(r.night, locale, { dateStyle: "full" })} · {labels.category}
              </p>
              <p className="text-sm">
                <Change r={r} money={money} /> <span className="text-slate-700">· {t(`brain.status.${r.status}`)}</span>
              </p>
              <Link to={whyHref(key, !open)} preventScrollReset aria-expanded={Boolean(open)} className="text-sm text-brand-700 underline">
                {open ? t("brain.hideWhy") : t(r.field === "price" ? "brain.why" : "brain.whyRule")}
              </Link>
              {open ? <Why r={open} currency={currency} money={money} /> : null}
            </div>
            {deciding && r.status === "pending" ? (
              <div className="flex items-start gap-2">
                <SubmitButton name="decide" value={`accept.${key}`} aria-label={t(r.field === "price" ? "brain.acceptNight" : "brain.acceptRuleNight", labels)}>
                  {t("brain.accept")}
                </SubmitButton>
                <SubmitButton name="decide" value={`reject.${key}`} variant="secondary" aria-label={t(r.field === "price" ? "brain.rejectNight" : "brain.rejectRuleNight", labels)}>
                  {t("brain.reject")}
                </SubmitButton>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  return deciding ? <AppForm action={action}>{list}</AppForm> : list;
}

/** The calendar day panel's part: the brain's recommendation of the night, decided there too. */
export function DayRecommendation({ recommendation: r, currency, canDecide, back }: { recommendation: PriceRecommendationJson; currency: string; canDecide: boolean; back: string }) {
  const { t, i18n } = useTranslation("pricing");
  const money = (c: number) => formatMoney(c, i18n.language, currency, { whole: true });
  return (
    <section aria-labelledby="day-recommendation" className="mt-3 border-t border-slate-200 pt-3">
      <h3 id="day-recommendation" className="font-semibold">
        {t("brain.dayTitle")}
      </h3>
      <p className="text-sm">
        <span className="font-semibold">{money(r.value)}</span> <span className="text-slate-700">· {t(`brain.status.${r.status}`)}</span>
      </p>
      <Reasons reasons={r.reasons} currency={currency} />
      {canDecide && r.status === "pending" ? (
        <AppForm action="/recommendations" className="mt-2 flex gap-2">
          <input type="hidden" name="night" value={r.night} />
          <input type="hidden" name="category" value={r.room_category_uuid} />
          <input type="hidden" name="field" value="price" />
          <input type="hidden" name="back" value={back} />
          <SubmitButton name="intent" value="accept">
            {t("brain.accept")}
          </SubmitButton>
          <SubmitButton name="intent" value="reject" variant="secondary">
            {t("brain.reject")}
          </SubmitButton>
        </AppForm>
      ) : null}
    </section>
  );
}
