import { useTranslation } from "react-i18next";
import { DateInput } from "#app/components/competitors/period-picker";
import { buttonClass } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";

/** A GET form for the period of a report (works without JavaScript); the URL holds the question. */
export function PeriodForm({ action, from, to, error }: { action: string; from: string; to: string; error?: string | null }) {
  const { t } = useTranslation("reports");
  return (
    <form method="get" action={action} className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <FormErrors id="period-error" errors={error ? [error] : undefined} />
      <div className="flex flex-wrap items-end gap-3">
        <DateInput id="period-from" name="from" label={t("period.from")} defaultValue={from} describedBy="period-hint" />
        <DateInput id="period-to" name="to" label={t("period.to")} defaultValue={to} describedBy="period-hint" />
        <button type="submit" className={buttonClass("secondary", "py-1.5")}>
          {t("period.show")}
        </button>
      </div>
      <p id="period-hint" className="text-xs text-slate-600">
        {t("period.hint")}
      </p>
    </form>
  );
}

/**
 * Plain links that download the report of the period shown (the export centre's files); `extra`
 * carries the rest of the page's question (the explorer's metrics, the forecast's category).
 */
export function ExportLinks({ kind, from, to, extra }: { kind: string; from: string; to: string; extra?: Record<string, string | null | undefined> }) {
  const { t } = useTranslation("reports");
  const rest = Object.entries(extra ?? {}).filter((e): e is [string, string] => !!e[1]);
  const query = new URLSearchParams([["from", from], ["to", to], ...rest]).toString();
  return (
    <p className="mb-4 flex flex-wrap gap-3 text-sm">
      <span className="text-slate-700">{t("export.download")}</span>
      {(["csv", "xlsx"] as const).map((format) => (
        <a key={format} href={`/exportar/${kind}.${format}?${query}`} download className="text-brand-700 underline">
          {t(`export.format.${format}`)}
        </a>
      ))}
    </p>
  );
}
