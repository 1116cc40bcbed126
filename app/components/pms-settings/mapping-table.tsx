import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldErrors } from "#app/components/ui/field";

// A row of either list (categories, plans, or Channex's category and plan pairs); its fields are read by name below.
export type RowFields = FieldMetadata<{ external_id?: string | null; excluded?: boolean; room_category_uuid?: string; rate_plan_uuid?: string }>;

/** One list of the channel mapping: what we call a thing, its id at the channel (a text box) and whether it is left out (a check box). */
export function MappingTable({
  caption,
  intro,
  idHeader,
  rows,
  errors,
  errorId,
}: {
  caption: string;
  intro?: string;
  idHeader: string;
  /** `ids`: the hidden fields naming what the row maps (a category, a plan, or both). */
  rows: { key: string; label: string; hint: string | null; row: RowFields | undefined; ids: Partial<Record<"room_category_uuid" | "rate_plan_uuid", string>> }[];
  errors?: string[];
  errorId: string;
}) {
  const { t } = useTranslation("pms");
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" aria-describedby={errors ? errorId : undefined}>
        <caption className="px-3 py-2 text-left text-lg font-semibold">
          {caption}
          {intro ? <span className="mt-1 block text-sm font-normal text-slate-600">{intro}</span> : null}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">{t("mapping.ours")}</th>
            <th scope="col" className="px-3 py-2">{idHeader}</th>
            <th scope="col" className="px-3 py-2">{t("mapping.excluded")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ key, label, hint, row, ids }) => {
            if (!row) return null;
            const f = row.getFieldset();
            const external = f.external_id as FieldMetadata<string>;
            const excluded = f.excluded as FieldMetadata<string>;
            const hidden = Object.entries(ids).map(([field, value]) => ({ field: f[field as keyof typeof ids] as FieldMetadata<string>, value }));
            return (
              <tr key={key} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  {hidden.map(({ field, value }) => (
                    <input key={field.name} type="hidden" name={field.name} value={value} />
                  ))}
                  <label htmlFor={external.id}>{label}</label>
                  {hint ? <span className="block text-xs font-normal text-slate-600">{hint}</span> : null}
                  {hidden.map(({ field }) => (
                    <FieldErrors key={field.name} id={field.errorId} errors={field.errors} />
                  ))}
                </th>
                <td className="px-3 py-2">
                  <input
                    {...getInputProps(external, { type: "text" })}
                    aria-describedby={external.errors ? external.errorId : undefined}
                    className="block w-full rounded-md border border-slate-300 px-2 py-1 aria-[invalid=true]:border-red-600"
                  />
                  <FieldErrors id={external.errorId} errors={external.errors} />
                </td>
                <td className="px-3 py-2">
                  <input
                    id={excluded.id}
                    name={excluded.name}
                    type="checkbox"
                    defaultChecked={excluded.initialValue === "on"}
                    className="h-4 w-4 accent-brand-600"
                    aria-label={t("mapping.excludeLabel", { name: label })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
