import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChatData, ChatLink } from "#domain/chat/facts";
import { calendarHref } from "#domain/chat/compose";
import { formatMoney, formatPercent } from "#domain/money";
import { Explanation } from "#app/components/calendar/explanation";
import { formatDate } from "#app/lib/format-date";

function Links({ links }: { links: ChatLink[] }) {
  const { t } = useTranslation("chat");
  if (!links.length) return null;
  return (
    <p className="mt-2 flex flex-wrap gap-3 text-sm">
      {links.map((l) => (
        <Link key={l.href} to={l.href} className="text-brand-700 underline">
          {t(l.label)}
        </Link>
      ))}
    </p>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 bg-white p-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The facts behind an answer, drawn as a compact card with links to the pages that hold them. */
export function AnswerCard({ data }: { data: ChatData }) {
  const { t, i18n } = useTranslation("chat");
  const locale = i18n.language;
  const pct = (v: number) => formatPercent(v, locale, { digits: 1 });
  const day = (d: string) => formatDate(d, locale, { weekday: "short", day: "numeric", month: "short" });
  const box = "mt-2 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm";

  switch (data.kind) {
    case "rate": {
      const money = (c: number) => formatMoney(c, locale, data.currency, { whole: true });
      if (!data.categories.length) return <Links links={data.links} />;
      return (
        <div className={box} data-card="rate">
          <ul className="divide-y divide-slate-200">
            {data.categories.map((c) => (
              <li key={c.uuid} className="py-1">
                <details>
                  <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
                    <span>
                      {c.name} <span className="text-xs text-brand-700 underline">{t("card.howCalculated")}</span>
                    </span>
                    <span className="font-semibold tabular-nums">
                      {money(c.rate)}
                      {c.manual ? <span className="ml-1 rounded bg-amber-100 px-1 text-xs font-normal text-amber-900">{t("card.manual")}</span> : null}
                    </span>
                  </summary>
                  <div className="mt-2">
                    <p className="sr-only">{t("card.explanation", { category: c.name })}</p>
                    <Explanation steps={c.explanation} rate={c.rate} currency={data.currency} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <Links links={data.links} />
        </div>
      );
    }
    case "occupancy":
      return (
        <div className={box} data-card="occupancy">
          <Figures
            items={[
              [t("card.occupancy"), pct(data.average)],
              [t("card.sold"), `${data.sold} / ${data.available}`],
              ...(data.nights.length > 1 ? ([[t("card.fullNights"), String(data.fullNights)]] as [string, string][]) : []),
            ]}
          />
          {data.categories.length ? (
            <ul className="grid gap-1 sm:grid-cols-3">
              {data.categories.map((c) => (
                <li key={c.name}>
                  {c.name}: <span className="font-semibold">{c.free}</span> {t("card.free").toLowerCase()} / {c.rooms}
                </li>
              ))}
            </ul>
          ) : null}
          <Links links={data.links} />
        </div>
      );
    case "movements":
      return (
        <div className={box} data-card="movements">
          {(["arrivals", "departures"] as const).map((side) => (
            <div key={side}>
              <h3 className="font-semibold">{t(`card.${side}`)}</h3>
              {data[side].length ? (
                <ul>
                  {data[side].map((m) => (
                    <li key={m.uuid}>
                      <Link to={`/bookings/${m.uuid}`} className="text-brand-700 underline">
                        {m.guest}
                      </Link>{" "}
                      <span className="text-slate-700">
                        ({m.code}, {m.category})
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-700">{t("card.none")}</p>
              )}
            </div>
          ))}
          <Links links={data.links} />
        </div>
      );
    case "summary": {
      const money = (c: number) => formatMoney(c, locale, data.currency);
      return (
        <div className={box} data-card="summary">
          <Figures
            items={[
              [t("card.revenue"), money(data.revenue)],
              [t("card.roomNights"), `${data.roomNights} / ${data.available}`],
              [t("card.occupancy"), pct(data.occupancy)],
              [t("card.adr"), money(data.adr)],
              [t("card.revpar"), money(data.revpar)],
            ]}
          />
          <Links links={data.links} />
        </div>
      );
    }
    case "holidays":
      return data.holidays.length ? (
        <div className={box} data-card="holidays">
          <ul>
            {data.holidays.map((h) => (
              <li key={`${h.date}-${h.name}`}>
                <Link to={calendarHref(h.date)} className="text-brand-700 underline">
                  {day(h.date)}
                </Link>{" "}
                — {h.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null;
    case "suggestions":
    case "daysToUpdate":
      return (
        <div className={box} data-card={data.kind}>
          <Links links={data.links} />
        </div>
      );
    default:
      return null;
  }
}
