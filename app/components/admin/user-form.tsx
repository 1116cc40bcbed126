import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ROLES } from "#domain/access/permissions";
import { locales } from "#locales/list";
import { CheckboxGroup } from "#app/components/ui/choice-group";
import { SelectField, TextField } from "#app/components/ui/field";

type Fields = Record<"name" | "surname" | "email" | "roles" | "preferred_language" | "company" | "phone", FieldMetadata<unknown>> &
  Partial<Record<"address" | "state" | "zip_code" | "country", FieldMetadata<unknown>>>;

/** The account fields an administrator fills in, for the add and edit pages. */
export function UserFields({ fields, editing = false }: { fields: Fields; editing?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label={t("userForm.name")} autoComplete="off" required />
        <TextField field={fields.surname} label={t("userForm.surname")} autoComplete="off" required />
      </div>
      <TextField
        field={fields.email}
        label={t("userForm.email")}
        type="email"
        autoComplete="off"
        hint={editing ? t("userForm.emailChangeHint") : t("userForm.emailHint")}
        required
      />
      <CheckboxGroup
        field={fields.roles}
        legend={t("userForm.roles")}
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`), hint: t(`roleHints.${role}`) }))}
      />
      <SelectField
        field={fields.preferred_language}
        label={t("userForm.language")}
        hint={t("userForm.languageHint")}
        options={locales.map((l) => ({ value: l, label: t(`language.names.${l}`, { ns: "common" }) }))}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.company} label={t("userForm.company")} autoComplete="off" />
        <TextField field={fields.phone} label={t("userForm.phone")} type="tel" autoComplete="off" />
      </div>
      {fields.address && fields.state && fields.zip_code && fields.country ? (
        <>
          <TextField field={fields.address} label={t("userForm.address")} autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField field={fields.state} label={t("userForm.state")} autoComplete="off" />
            <TextField field={fields.zip_code} label={t("userForm.zipCode")} autoComplete="off" />
            <TextField field={fields.country} label={t("userForm.country")} autoComplete="off" />
          </div>
        </>
      ) : null}
    </>
  );
}
