import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ChoiceGroup } from "#app/components/ui/choice-group";
import { permissionKey } from "./permission-labels";

/** The user.* permissions as labelled checkboxes. */
export function PermissionCheckboxes({ field, options, legend }: { field: FieldMetadata<unknown>; options: string[]; legend?: string }) {
  const { t } = useTranslation("business");
  return (
    <ChoiceGroup
      field={field}
      legend={legend ?? t("collaborators.permissionsLegend")}
      type="checkbox"
      columns={2}
      options={options.map((name) => ({ value: name, label: t(permissionKey(name), { defaultValue: name }) }))}
    />
  );
}

/** A permission list in words, for tables. */
export function PermissionList({ names }: { names: string[] }) {
  const { t } = useTranslation("business");
  if (!names.length) return <span className="text-slate-600">{t("collaborators.noPermissions")}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((name) => (
        <li key={name} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
          {t(permissionKey(name), { defaultValue: name })}
        </li>
      ))}
    </ul>
  );
}
