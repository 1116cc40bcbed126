import { useTranslation } from "react-i18next";
import { ExportLinks, PeriodForm } from "#app/components/reports/period-form";
import { loadReport } from "#app/routes/reports/reports.server";
import { formatDate } from "#app/lib/format-date";
import { guard } from "#app/lib/guard.server";
import type { Route } from "./+types/export-centre";

export const handle = { permission: "user.business-intelligence" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReport(context, request, (reports, business, period) => reports.exports(business, period));
}

/** The export centre: every file for the chosen period, as plain download links (no JavaScript needed). */
export default function ExportCentre({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reports");
  const { report, periodError } = loaderData;
  const locale = i18n.language;
  return (
    <>
      <title>{`${t("export.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("export.heading")}</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t("export.intro", { from: formatDate(report.from, locale), to: formatDate(report.to, locale) })}</p>
      <PeriodForm action="/exportar" from={report.from} to={report.to} error={periodError} />
      <ul className="grid gap-3 md:grid-cols-2">
        {report.kinds.map((kind) => (
          <li key={kind} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold">{t(`export.kind.${kind}`)}</h2>
            <p className="mt-1 text-sm text-slate-700">{t(`export.describe.${kind}`)}</p>
            <div className="mt-2">
              <ExportLinks kind={kind} from={report.from} to={report.to} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
