import { occupancyPercent } from "#domain/bookings/stay.ts";
import { formatPercent } from "#domain/money.ts";
import type {
  ChatData,
  ChatLink,
  DaysToUpdateFacts,
  HolidayFacts,
  MovementFacts,
  OccupancyFacts,
  RateFacts,
  SuggestionFacts,
  SummaryFacts,
} from "./facts.ts";

/** A translator fixed to the reader's locale and the `chat` namespace. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface ComposeContext {
  t: Translate;
  locale: string;
  currency: string;
}

export interface ComposedAnswer {
  content: string;
  data: ChatData;
}

/** Example questions (keys of `chat:example.*`) the help and fallback answers offer. */
export const EXAMPLES = ["rateTomorrow", "occupancyWeekend", "arrivalsToday", "summaryMonth", "holidays", "suggestions", "daysToUpdate"] as const;
const exampleKeys = EXAMPLES.map((e) => `example.${e}`);

/** Listed capabilities (keys of `chat:help.can.*`). */
const CAPABILITIES = ["rate", "occupancy", "movements", "summary", "holidays", "suggestions", "daysToUpdate"] as const;

export function money(cents: number, ctx: Pick<ComposeContext, "locale" | "currency">): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(ctx.locale, { style: "currency", currency: ctx.currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

export function day(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

const percent = (value: number, locale: string) => formatPercent(value, locale, { digits: 1 });
const lines = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join("\n");
const span = (from: string, to: string, locale: string) => (from === to ? day(from, locale) : `${day(from, locale)} – ${day(to, locale)}`);

export const calendarHref = (date: string) => `/calendar?month=${date.slice(0, 7)}&day=${date}#day-panel`;
const calendarLink = (date: string): ChatLink => ({ href: calendarHref(date), label: "link.calendar" });
const bookingsLink = (from: string, to: string): ChatLink => ({ href: `/bookings?from=${from}&to=${to}`, label: "link.bookings" });

export function composeHelp({ t }: ComposeContext): ComposedAnswer {
  return {
    content: lines(t("help.intro"), ...CAPABILITIES.map((c) => `• ${t(`help.can.${c}`)}`), t("help.outro")),
    data: { kind: "help", examples: exampleKeys },
  };
}

export function composeUnknown({ t }: ComposeContext): ComposedAnswer {
  return { content: lines(t("fallback.intro"), ...exampleKeys.slice(0, 4).map((k) => `• ${t(k)}`)), data: { kind: "unknown", examples: exampleKeys } };
}

/** The area (key of `chat:area.*`) the caller's permissions do not reach. */
export function composeNoAccess({ t }: ComposeContext, area: string): ComposedAnswer {
  return { content: t("noAccess", { area: t(`area.${area}`) }), data: { kind: "noAccess", area } };
}

export function composeRate(ctx: ComposeContext, facts: RateFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const links = [calendarLink(facts.date)];
  const data: ChatData = { kind: "rate", currency: ctx.currency, links, ...facts };
  if (!facts.configured || facts.categories.length === 0) {
    return { content: t("rate.notConfigured"), data: { ...data, links: [{ href: "/price-settings", label: "link.priceSettings" }] } };
  }
  const head = t("rate.head", { date: day(facts.date, locale), season: facts.season ?? "—", occupancy: percent(facts.occupancy, locale) });
  const level = facts.level ? t("rate.level", { level: facts.level }) : null;
  const holiday = facts.holidays.length ? t("rate.holiday", { names: facts.holidays.join(", ") }) : null;
  const rows = facts.categories.map((c) => `• ${t(c.manual ? "rate.lineManual" : "rate.line", { category: c.name, rate: money(c.rate, ctx) })}`);
  return { content: lines(head, level, holiday, ...rows), data };
}

export function composeOccupancy(ctx: ComposeContext, facts: OccupancyFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const sold = facts.nights.reduce((s, n) => s + n.sold, 0);
  const available = facts.nights.reduce((s, n) => s + n.available, 0);
  const average = Math.min(100, occupancyPercent(sold, available));
  const busiest = facts.nights.reduce<OccupancyFacts["nights"][number] | null>((best, n) => (!best || n.occupancy > best.occupancy ? n : best), null);
  const fullNights = facts.nights.filter((n) => n.available > 0 && n.free === 0).length;
  const links: ChatLink[] = [{ href: `/availability?from=${facts.from}&to=${facts.to}`, label: "link.availability" }];
  const data: ChatData = { kind: "occupancy", ...facts, nights: facts.nights.length <= 62 ? facts.nights : [], average, sold, available, busiest, fullNights, links };
  if (facts.nights.length === 1) {
    const n = facts.nights[0];
    return {
      content: lines(
        t("occupancy.night", { date: day(n.date, locale), occupancy: percent(n.occupancy, locale), sold: n.sold, available: n.available, free: n.free }),
        ...facts.categories.map((c) => `• ${t("occupancy.category", { category: c.name, free: c.free, rooms: c.rooms })}`),
      ),
      data,
    };
  }
  return {
    content: lines(
      t("occupancy.range", { period: span(facts.from, facts.to, locale), occupancy: percent(average, locale), sold, available }),
      busiest ? t("occupancy.busiest", { date: day(busiest.date, locale), occupancy: percent(busiest.occupancy, locale) }) : null,
      t("occupancy.full", { n: fullNights }),
    ),
    data,
  };
}

export function composeMovements(ctx: ComposeContext, facts: MovementFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const item = (m: MovementFacts["arrivals"][number]) => `• ${t("movements.item", { guest: m.guest, code: m.code, category: m.category, nights: m.nights })}`;
  return {
    content: lines(
      t("movements.head", { date: day(facts.date, locale), arrivals: facts.arrivals.length, departures: facts.departures.length }),
      facts.arrivals.length ? t("movements.arrivals", { n: facts.arrivals.length }) : null,
      ...facts.arrivals.map(item),
      facts.departures.length ? t("movements.departures", { n: facts.departures.length }) : null,
      ...facts.departures.map(item),
    ),
    data: { kind: "movements", ...facts, links: [bookingsLink(facts.date, facts.date)] },
  };
}

export function composeSummary(ctx: ComposeContext, facts: SummaryFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const occupancy = Math.min(100, occupancyPercent(facts.roomNights, facts.available));
  const adr = facts.roomNights ? Math.round(facts.revenue / facts.roomNights) : 0;
  const revpar = facts.available ? Math.round(facts.revenue / facts.available) : 0;
  return {
    content: lines(
      t("summary.head", { period: span(facts.from, facts.to, locale) }),
      `• ${t("summary.revenue", { value: money(facts.revenue, ctx) })}`,
      `• ${t("summary.roomNights", { sold: facts.roomNights, available: facts.available })}`,
      `• ${t("summary.occupancy", { value: percent(occupancy, locale) })}`,
      `• ${t("summary.adr", { value: money(adr, ctx) })}`,
      `• ${t("summary.revpar", { value: money(revpar, ctx) })}`,
    ),
    data: { kind: "summary", currency: ctx.currency, ...facts, occupancy, adr, revpar, links: [bookingsLink(facts.from, facts.to)] },
  };
}

export function composeHolidays(ctx: ComposeContext, facts: HolidayFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const period = span(facts.from, facts.to, locale);
  if (facts.holidays.length === 0) return { content: t("holidays.none", { period }), data: { kind: "holidays", ...facts, links: [] } };
  return {
    content: lines(t("holidays.head", { period, n: facts.holidays.length }), ...facts.holidays.map((h) => `• ${day(h.date, locale)} — ${h.name}`), t("holidays.tip")),
    data: { kind: "holidays", ...facts, links: [calendarLink(facts.holidays[0].date)] },
  };
}

export function composeSuggestions(ctx: ComposeContext, facts: SuggestionFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const links: ChatLink[] = [{ href: "/price-settings/seasonalities", label: "link.seasonalities" }];
  if (facts.suggestions.length === 0) return { content: t("suggestions.none"), data: { kind: "suggestions", currency: ctx.currency, ...facts, links } };
  return {
    content: lines(
      t("suggestions.head", { n: facts.suggestions.length }),
      ...facts.suggestions.map(
        (s) => `• ${t("suggestions.item", { title: s.title, period: span(s.from, s.to, locale), uplift: formatPercent(s.uplift, locale, { signed: true }), rate: money(s.rate, ctx) })} ${s.rationale}`,
      ),
    ),
    data: { kind: "suggestions", currency: ctx.currency, ...facts, links },
  };
}

export function composeDaysToUpdate(ctx: ComposeContext, facts: DaysToUpdateFacts): ComposedAnswer {
  const { t, locale } = ctx;
  const links: ChatLink[] = [{ href: "/days-to-update", label: "link.daysToUpdate" }];
  if (facts.count === 0) return { content: t("daysToUpdate.none"), data: { kind: "daysToUpdate", currency: ctx.currency, ...facts, links } };
  return {
    content: lines(
      t("daysToUpdate.head", { n: facts.count }),
      ...facts.days.map(
        (d) => `• ${day(d.date, locale)}: ${d.categories.map((c) => `${c.name} ${c.published === null ? "—" : money(c.published, ctx)} → ${money(c.recommended, ctx)}`).join("; ")}`,
      ),
      facts.count > facts.days.length ? t("daysToUpdate.more", { n: facts.count - facts.days.length }) : null,
    ),
    data: { kind: "daysToUpdate", currency: ctx.currency, ...facts, links },
  };
}
