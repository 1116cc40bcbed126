import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OffersJson } from "#contract/booking-engine";
import { formatDate } from "#app/lib/format-date";
import { stayQuery } from "./stay-query";

/**
 * The categories the stay rules keep from this search (issue 28): which rule, on which night, and
 * a link to the nearest stay that works — a plain link, so it works without JavaScript.
 */
export function StayRefusals({ refusals, slug, search }: { refusals: OffersJson["refusals"]; slug: string; search: { adults: string; children: string } }) {
  const { t, i18n } = useTranslation("bookingEngine");
  if (refusals.length === 0) return null;
  const day = (d: string) => formatDate(d, i18n.language, { dateStyle: "full" });
  return (
    <ul className="space-y-3" aria-label={t("public.offersHeading")}>
      {refusals.map((r) => (
        <li key={r.category.uuid} className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="stay-refusal">
          <p className="font-semibold">{t("stayRules.refusedTitle", { category: r.category.name })}</p>
          <p>
            {t(`stayRules.${r.rule}`, { night: day(r.night), limit: r.limit ?? 0 })}{" "}
            {r.suggestion ? t("stayRules.suggestion", { arrival: day(r.suggestion.arrival), departure: day(r.suggestion.departure) }) : t("stayRules.noSuggestion")}
          </p>
          {r.suggestion ? (
            <Link className="mt-1 inline-block font-medium underline" to={`/p/${slug}?${stayQuery({ ...search, arrival: r.suggestion.arrival, departure: r.suggestion.departure })}`}>
              {t("stayRules.trySuggestion")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
