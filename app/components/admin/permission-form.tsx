import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { PERMISSION_GUARDS } from "#domain/schemas/admin";
import { locales } from "#locales/list";
import { SelectField, TextField } from "#app/components/ui/field";

type DescriptionFields = Record<string, FieldMetadata<unknown>>;

/**
 * Name, kind and one description per language. A system permission's name and kind are shown
 * but cannot change (the API refuses it too): routes check those names.
 */
export function PermissionFields({
  name,
  guard,
  description,
  system = false,
}: {
  name: FieldMetadata<unknown>;
  guard: FieldMetadata<unknown>;
  description: DescriptionFields;
  system?: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      <TextField
        field={name}
        label={t("permissionForm.name")}
        hint={system ? t("permissionForm.systemHint") : t("permissionForm.nameHint")}
        readOnly={system}
        autoComplete="off"
        spellCheck={false}
        required
      />
      {system ? (
        <input type="hidden" name={guard.name} value={String(guard.initialValue ?? "")} />
      ) : (
        <SelectField
          field={guard}
          label={t("permissionForm.guard")}
          hint={t("permissionForm.guardHint")}
          options={PERMISSION_GUARDS.map((g) => ({ value: g, label: t(`guards.${g}`) }))}
          required
        />
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("permissionForm.descriptions")}</legend>
        {locales.map((locale) => (
          <TextField
            key={locale}
            field={description[locale]}
            label={t(`language.names.${locale}`, { ns: "common" })}
            lang={locale}
            autoComplete="off"
          />
        ))}
      </fieldset>
    </>
  );
}
