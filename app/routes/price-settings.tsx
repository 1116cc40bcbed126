import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PriceSettingsNav, SeasonSwatch } from "../components/pricing/form-bits";
import { formatMoney } from "../components/pricing/money";
import { loadTariff, pricingBusiness, pricingMiddleware, type PricingHandle } from "../components/pricing/pricing.server";
import { buttonClass } from "../components/ui/button";
import type { Route } from "./+types/price-settings";

export const handle: PricingHandle = { permission: "user.price-settings" };
export const middleware: Route.MiddlewareFunction[] = pricingMiddleware(handle);

export async function loader({ context }: Route.LoaderArgs) {
  const business = pricingBusiness(context);
  return { business, tariff: await loadTariff(context, business.uuid) };
}

/** Price settings at a glance: what each part of the rate model is set to, with a link to change it. */
export default function PriceSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("pricing");
  const { tariff, business } = loaderData;
  const money = (c: number) => formatMoney(c, i18n.language, business.currency, { whole: c % 100 === 0 });
  const rt = tariff.rooms_tariff;
  const op = tariff.occupancy_pricing;
  const amount = (v: number, type: string) => (type === "percentage" ? `${v} %` : money(v));
  const configured = rt.rate !== null;
  return (
    <>
      <title>{`${t("settings.title")} · Tarifa`}</title>
      <h1 className="mb-2 text-2xl font-semibold">{t("settings.title")}</h1>
      <PriceSettingsNav />
      {!configured ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          {t("settings.notConfigured")}{" "}
          <Link to="/price-settings/new-setting" className="text-brand-700 underline">
            {t("settings.startWizard")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("settings.rates")} edit="/price-settings/new-setting?step=1">
          <p>{t("settings.referenceRate", { rate: rt.rate === null ? "—" : money(rt.rate) })}</p>
          <ul className="mt-2 space-y-1">
            {rt.categories.map((c) => (
              <li key={c.uuid}>
                <span className="font-medium">{c.name}</span>: {c.price_variation_value === 0 ? t("settings.referenceCategory") : `${c.price_variation_value > 0 ? "+" : ""}${amount(c.price_variation_value, c.price_variation_type)}`}
                {c.min_price !== null ? ` · ${t("settings.floor", { value: money(c.min_price) })}` : ""}
                {c.max_price !== null ? ` · ${t("settings.ceiling", { value: money(c.max_price) })}` : ""}
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("settings.bands")} edit="/price-settings/new-setting?step=2">
          {tariff.fluctuation_levels.length === 0 ? <p>{t("settings.none")}</p> : null}
          <ul className="space-y-1">
            {tariff.fluctuation_levels.map((l) => (
              <li key={l.uuid}>
                <span className="font-medium">{l.name}</span>: {l.from_percentage}–{l.to_percentage} %
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("settings.guests")} edit="/price-settings/new-setting?step=3">
          {op ? (
            <ul className="space-y-1">
              <li>{t("settings.included", { count: op.reference_occupation })}</li>
              <li>{t("settings.perPerson", { value: amount(op.price_increase_per_person, op.price_variation_type) })}</li>
              <li>{op.apply_single_rate ? t("settings.single", { value: amount(op.single_rate_variation, op.price_variation_type) }) : t("settings.noSingle")}</li>
              <li>{op.manual_prices_enabled ? t("settings.manualOn") : t("settings.manualOff")}</li>
            </ul>
          ) : (
            <p>{t("settings.none")}</p>
          )}
        </Card>
        <Card title={t("settings.seasons")} edit="/price-settings/seasonalities">
          <ul className="space-y-1">
            {tariff.sazonalities.map((s) => (
              <li key={s.uuid} className="flex items-center gap-2">
                <SeasonSwatch color={s.color} />
                <span className="font-medium">{s.title}</span> · {money(s.rate)}
                {s.is_reference ? <span className="text-xs text-slate-600">({t("season.reference")})</span> : null}
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <p className="mt-6 flex flex-wrap gap-2">
        <Link to="/calendar" className={buttonClass("primary")}>
          {t("settings.openCalendar")}
        </Link>
        <Link to="/days-to-update" className={buttonClass("secondary")}>
          {t("settings.openDaysToUpdate")}
        </Link>
      </p>
    </>
  );
}

function Card({ title, edit, children }: { title: string; edit: string; children: React.ReactNode }) {
  const { t } = useTranslation("pricing");
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4 text-sm" aria-label={title}>
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-base font-semibold">{title}</h2>
        <Link to={edit} className="text-brand-700 underline" aria-label={t("settings.editNamed", { title })}>
          {t("settings.edit")}
        </Link>
      </div>
      {children}
    </section>
  );
}
