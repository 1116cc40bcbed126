import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { bookingBusiness } from "#app/lib/bookings.server";
import { moneyFormatter } from "#app/components/reports/format";
import { periodLabel } from "#app/components/reports/periods";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/rewards";
import { formatInstant } from "#domain/intl-formats";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  return { rewards: await api.reports.rewards(business.uuid) };
}

export default function Rewards({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { rewards } = loaderData;
  const locale = i18n.language;
  const money = moneyFormatter(locale, rewards.currency);
  // When it was earned, in the business's own time zone (the day the owner lived it).
  const amount = (unit: string, value: number | null) => (unit === "money" ? money(value) : t("rewards.days", { count: value ?? 0 }));
  return (
    <>
      <title>{`${t("rewards.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("rewards.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("rewards.intro")}</p>

      <section aria-labelledby="rewards-earned" className="mb-6">
        <h2 id="rewards-earned" className="mb-2 text-lg font-semibold">
          {t("rewards.earnedHeading")}
        </h2>
        {rewards.earned.length === 0 ? (
          <p className="text-sm text-slate-700">{t("rewards.noneYet")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="rewards-earned">
            {rewards.earned.map((r) => (
              <li key={r.uuid} className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
                <h3 className="font-semibold">{t(`rewards.kind.${r.kind}.name`)}</h3>
                <p className="text-sm text-slate-800">{periodLabel(r.period, locale)}</p>
                <p className="mt-1 text-sm text-slate-700">{t(`rewards.kind.${r.kind}.why`, { ...r.evidence, money: money(Number(r.evidence.current ?? 0)), target: money(Number(r.evidence.target ?? 0)) })}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {t("rewards.earnedAt", { when: formatInstant(r.earned_at, locale, rewards.timezone, { dateStyle: "long", timeStyle: "short" }) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="rewards-next">
        <h2 id="rewards-next" className="mb-2 text-lg font-semibold">
          {t("rewards.nextHeading")}
        </h2>
        <ul className="grid gap-3 md:grid-cols-2" data-testid="rewards-progress">
          {rewards.progress.map((p) => {
            const ratio = p.current !== null && p.target ? Math.max(0, Math.min(1, p.current / p.target)) : 0;
            return (
              <li key={p.kind} className="rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="font-semibold">{t(`rewards.kind.${p.kind}.name`)}</h3>
                <p className="text-sm text-slate-700">{t(`rewards.kind.${p.kind}.rule`)}</p>
                {p.target === null ? (
                  <p className="mt-2 text-sm">
                    {t(`rewards.kind.${p.kind}.noTarget`)}{" "}
                    {p.kind === "goal_met" ? (
                      <Link to="/goals" className="text-brand-700 underline">
                        {t("rewards.setGoals")}
                      </Link>
                    ) : null}
                  </p>
                ) : (
                  <>
                    <label className="mt-2 block text-sm" htmlFor={`progress-${p.kind}`}>
                      {t("rewards.progress", { current: amount(p.unit, p.current), target: amount(p.unit, p.target), period: periodLabel(p.period, locale) })}
                    </label>
                    <progress id={`progress-${p.kind}`} className="mt-1 h-3 w-full" max={1} value={ratio} />
                    {p.changes === 0 ? <p className="mt-1 text-xs text-slate-600">{t("rewards.noChanges")}</p> : null}
                  </>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-4 text-xs text-slate-600">{t("rewards.notifyNote")}</p>
      </section>
    </>
  );
}
