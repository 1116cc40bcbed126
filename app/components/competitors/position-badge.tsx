import { useTranslation } from "react-i18next";
import type { NightJson } from "./types";

const STYLE = {
  below: "border-sky-300 bg-sky-50 text-sky-900",
  at: "border-slate-300 bg-slate-50 text-slate-800",
  above: "border-amber-300 bg-amber-50 text-amber-900",
} as const;
const ICON = { below: "↓", at: "=", above: "↑" } as const;

/** Where our rate stands that night: an arrow and a word, with the price index (colour only adds to them). */
export function PositionBadge({ position, locale }: { position: NightJson["position"]; locale: string }) {
  const { t } = useTranslation("competitors");
  if (!position) return <span className="text-sm text-slate-600">{t("position.none")}</span>;
  const index = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(position.index);
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STYLE[position.band]}`}>
      <span aria-hidden="true">{ICON[position.band]}</span>
      {t(`position.${position.band}`)} · {index}
      <span className="sr-only">{t("position.rank", { rank: position.rank, of: position.of })}</span>
    </span>
  );
}
