import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { RouterContextProvider } from "react-router";
import { getI18n, getLocale } from "#app/lib/i18n.server";
import { GroupedBars } from "./charts";
import { useNightsBars } from "./nights-figure";
import type { DashboardAnswer } from "./types";

/**
 * A chart drawn once on the server as static SVG markup, in the reader's language. A page that
 * shows it as HTML downloads and hydrates no chart code (nivo stays on the server): used where a
 * chart must not cost a phone anything, the dashboard (issue 14). The markup is nivo's, from
 * our own data; the page puts it in as it is.
 */
export function staticMarkup(context: Readonly<RouterContextProvider>, element: ReactElement): string {
  return tidy(renderToStaticMarkup(<I18nextProvider i18n={getI18n(context)}>{element}</I18nextProvider>));
}

/**
 * nivo writes coordinates to fifteen decimals and `opacity: 1` on every element: a tenth of a
 * pixel is plenty, and the markup travels twice (in the HTML and in the page's data).
 */
export function tidy(markup: string): string {
  return markup.replace(/(\d\.\d)\d+/g, "$1").replace(/ style="opacity:1"| opacity="1"/g, "");
}

function NightsBars({ dashboard }: { dashboard: DashboardAnswer }) {
  return <GroupedBars {...useNightsBars(dashboard)} />;
}

/**
 * Charts drawn lately, by what they show. Drawing one costs ~10 ms of the server's CPU, as much as
 * the rest of the page; the dashboard's answer changes only with the business's data (ADR 0032),
 * so most visits draw nothing. Bounded: the oldest is forgotten first.
 */
const drawn = new Map<string, string>();
const DRAWN_MAX = 200;

/** The dashboard's chart of the next 30 nights (nights-figure.tsx): it shows each night's occupancy, in the reader's language. */
export function nightsChartMarkup(context: Readonly<RouterContextProvider>, dashboard: DashboardAnswer): string {
  const key = `${getLocale(context)}|${dashboard.today}|${dashboard.nights.map((n) => `${n.date}=${n.occupancy}`).join(",")}`;
  let markup = drawn.get(key);
  if (markup === undefined) {
    markup = staticMarkup(context, <NightsBars dashboard={dashboard} />);
    if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, markup);
  }
  return markup;
}
