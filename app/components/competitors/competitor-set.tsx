import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { issueToKey } from "#domain/validation";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FileField, FormErrors, TextField } from "#app/components/ui/field";
import { competitorFormSchema } from "./schemas";
import type { CompetitorJson } from "./types";

/** The competitive set: each competitor with edit, (de)activate and delete; inactive ones stay out of the market. */
export function CompetitorList({ competitors, page }: { competitors: CompetitorJson[]; page: string }) {
  const { t, i18n } = useTranslation("competitors");
  const km = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  if (competitors.length === 0) return <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-slate-700">{t("set.empty")}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {competitors.map((c) => (
        <li key={c.uuid} className="flex flex-wrap items-center gap-2 p-3 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {c.url ? (
                <a href={c.url} className="underline" rel="noopener noreferrer" target="_blank">
                  {c.name}
                </a>
              ) : (
                c.name
              )}{" "}
              {!c.active ? <span className="ml-1 rounded-full border border-slate-300 px-2 text-xs text-slate-700">{t("set.inactive")}</span> : null}
            </p>
            <p className="text-slate-700">
              {[
                c.stars ? t("set.stars", { count: c.stars }) : null,
                c.distance_km !== null ? t("set.distance", { km: km.format(c.distance_km) }) : null,
                c.room_label,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {c.notes ? <p className="text-slate-600">{c.notes}</p> : null}
          </div>
          <Link to={`${page}?edit=${c.uuid}#competitor-form`} className={buttonClass("secondary", "px-3 py-1")} aria-label={t("set.editLabel", { name: c.name })}>
            {t("set.edit")}
          </Link>
          <AppForm action={page}>
            <input type="hidden" name="competitor_uuid" value={c.uuid} />
            <SubmitButton name="intent" value="toggle" variant="secondary" className="px-3 py-1" aria-label={t(c.active ? "set.deactivateLabel" : "set.activateLabel", { name: c.name })}>
              {c.active ? t("set.deactivate") : t("set.activate")}
            </SubmitButton>
          </AppForm>
          <AppForm action={page}>
            <input type="hidden" name="competitor_uuid" value={c.uuid} />
            <SubmitButton
              name="intent"
              value="delete"
              variant="danger"
              className="px-3 py-1"
              aria-label={t("set.deleteLabel", { name: c.name })}
              // With JavaScript, a last word before the rates go too; without it the button just posts.
              onClick={(event) => {
                if (!window.confirm(t("set.deleteConfirm", { name: c.name }))) event.preventDefault();
              }}
            >
              {t("set.delete")}
            </SubmitButton>
          </AppForm>
        </li>
      ))}
    </ul>
  );
}

/** Add a competitor, or change the one being edited. */
export function CompetitorForm({ editing, page, lastResult }: { editing: CompetitorJson | null; page: string; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("competitors");
  const [form, fields] = useForm({
    id: editing ? `competitor-${editing.uuid}` : "competitor-new",
    lastResult: lastResult ?? undefined,
    defaultValue: editing
      ? {
          name: editing.name,
          url: editing.url ?? "",
          stars: editing.stars === null ? "" : String(editing.stars),
          distance_km: editing.distance_km === null ? "" : String(editing.distance_km),
          room_label: editing.room_label ?? "",
          notes: editing.notes ?? "",
          active: editing.active ? "on" : "",
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: competitorFormSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  return (
    <AppForm {...getFormProps(form)} action={editing ? `${page}?edit=${editing.uuid}` : page} className="space-y-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="competitor_uuid" value={editing.uuid} /> : <input type="hidden" name="active" value="on" />}
      <TextField field={fields.name} label={t("form.name")} required maxLength={120} />
      <TextField field={fields.url} label={t("form.url")} type="url" hint={t("form.urlHint")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField field={fields.stars} label={t("form.stars")} type="number" min={1} max={5} step={1} />
        <TextField field={fields.distance_km} label={t("form.distance")} type="number" min={0} step={0.01} />
      </div>
      <TextField field={fields.room_label} label={t("form.roomLabel")} hint={t("form.roomLabelHint")} />
      <TextField field={fields.notes} label={t("form.notes")} />
      {editing ? (
        <div className="flex items-center gap-2">
          <input id={fields.active.id} name={fields.active.name} type="checkbox" defaultChecked={editing.active} className="h-4 w-4" />
          <label htmlFor={fields.active.id} className="text-sm">
            {t("form.active")}
          </label>
        </div>
      ) : null}
      <div className="flex gap-3">
        <SubmitButton name="intent" value="save-competitor" pendingLabel={t("form.saving")}>
          {editing ? t("form.saveChanges") : t("form.add")}
        </SubmitButton>
        {editing ? (
          <Link to={page} className={buttonClass("secondary")}>
            {t("form.cancel")}
          </Link>
        ) : null}
      </div>
    </AppForm>
  );
}

/** CSV from any rate-shopping tool or a spreadsheet: a file or pasted text, imported all or nothing; `fileErrors` beside the file field (a file too large). */
export function CsvImportForm({ page, errors, fileErrors }: { page: string; errors?: string[]; fileErrors?: string[] }) {
  const { t } = useTranslation("competitors");
  return (
    <AppForm action={page} encType="multipart/form-data" className="space-y-3" aria-describedby="csv-help">
      <p id="csv-help" className="text-sm text-slate-700">
        {t("csv.help")}
      </p>
      <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs text-slate-800">{t("csv.example")}</pre>
      <FormErrors id="csv-errors" errors={errors} />
      <FileField id="csv-file" label={t("csv.file")} accept=".csv,text/csv,text/plain" errors={fileErrors} />
      <div>
        <label htmlFor="csv-text" className="block text-sm font-medium text-slate-800">
          {t("csv.text")}
        </label>
        <textarea id="csv-text" name="csv" rows={4} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm" />
      </div>
      <SubmitButton name="intent" value="import" pendingLabel={t("csv.importing")}>
        {t("csv.import")}
      </SubmitButton>
    </AppForm>
  );
}
