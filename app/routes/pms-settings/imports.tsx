import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ApiError, ledgerBusiness } from "#app/routes/pms-settings/ledger.server";
import { Empty, LedgerPage, Panel } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { DataTable, type Column } from "#app/components/ui/data-table";
import { FileField } from "#app/components/ui/field";
import { dateTimeFormat } from "#domain/intl-formats";
import { businessTimeZone } from "#domain/business/timezone";
import { appContext, guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { StreamedBody } from "#app/lib/api/request.server";
import { tooLargeUploadErrors } from "#app/lib/upload-too-large";
import { MAX_IMPORT_BYTES } from "#domain/imports/limits";
import { encodeMessage } from "#domain/validation-messages";
import type { Route } from "./+types/imports";

/**
 * Reservation imports (issue #25): past imports with their counts and who ran them, and the
 * upload of a new file (multipart, works without JavaScript) that leads to its mapping page.
 * Open while the onboarding waits for the data (DOWNLOADING_DATA), since this is how it arrives.
 */
export const handle = { permission: "user.pms-settings", skipSetupCheck: true } satisfies RouteHandle;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export const PAGE = "/pms-settings/imports";

/** What became of an import's rows, a column each. */
const COUNTS = ["added", "updated", "unchanged", "skipped", "unplaced"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const timeZone = businessTimeZone(context.get(appContext).business);
  // Back from a file larger than an import takes (the request guard sent the browser here).
  const fileErrors = tooLargeUploadErrors(request, MAX_IMPORT_BYTES / 1024 / 1024);
  return { timeZone, imports: await api.imports.list(business.uuid), fileErrors };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = ledgerBusiness(context);
  const { api, session } = getRequestState(context);
  // The file goes on to the API as it arrives, never whole in this process (up to 50 MB; the API
  // reads the field `file` and refuses what is not a reservations file, next to the field).
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.toLowerCase().startsWith("multipart/form-data")) return data({ errors: [encodeMessage("upload.fileMissing")] }, { status: 422 });
  try {
    const created = await api.imports.upload(business.uuid, new StreamedBody(request.body, type));
    return redirectWithToast(`${PAGE}/${created.import.uuid}`, { kind: "success", message: "imports:page.uploaded" }, { session });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ errors: error.errors.file ?? [error.serverMessage ?? error.message] }, { status: error.status });
  }
}

export default function Imports({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("imports");
  const { imports, timeZone } = loaderData;
  const when = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone });
  const errors = (actionData as { errors?: string[] } | undefined)?.errors ?? loaderData.fileErrors;
  type Import = (typeof imports)[number];
  return (
    <LedgerPage title={t("page.title")} intro={t("page.intro")}>
      <div className="space-y-6">
        <Panel id="new-import" heading={t("page.newImport")}>
          <AppForm action={PAGE} encType="multipart/form-data" className="max-w-xl space-y-3">
            <FileField id="import-file" label={t("page.file")} accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" errors={errors} required />
            <SubmitButton pendingLabel={t("page.uploading")}>{t("page.upload")}</SubmitButton>
          </AppForm>
        </Panel>
        <Panel id="import-history" heading={t("page.history")}>
          {imports.length === 0 ? (
            <Empty>{t("page.empty")}</Empty>
          ) : (
            <div className="overflow-x-auto">
              <DataTable
                caption={t("page.history")}
                columns={[
                  {
                    header: t("page.col.file"),
                    cell: (imp: Import) => (
                      <Link to={`${PAGE}/${imp.uuid}`} className="text-brand-700 underline">
                        {imp.file_name}
                      </Link>
                    ),
                  },
                  { header: t("page.col.date"), cell: (imp: Import) => when.format(new Date(imp.created_at)) },
                  { header: t("page.col.by"), cell: (imp: Import) => imp.created_by?.name ?? "" },
                  { header: t("page.col.status"), cell: (imp: Import) => t(`page.status.${imp.status}`) },
                  { header: t("page.col.rows"), figure: true, cell: (imp: Import) => imp.row_count },
                  ...COUNTS.map((count): Column<Import> => ({ header: t(`page.col.${count}`), figure: true, cell: (imp) => imp[count] })),
                ]}
                rows={imports}
                rowKey={(imp) => imp.uuid}
                rowAttributes={(imp) => ({ "data-import": imp.uuid })}
              />
            </div>
          )}
        </Panel>
      </div>
    </LedgerPage>
  );
}
