import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { TextField } from "#app/components/ui/field";

/** A new password and its confirmation (sign-up, reset, security page), with the password rules as the hint. */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: FieldMetadata<unknown>;
  confirmation: FieldMetadata<unknown>;
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField field={password} label={labels.password} type="password" autoComplete="new-password" hint={t("password.rules")} required />
      <TextField field={confirmation} label={labels.confirmation} type="password" autoComplete="new-password" required />
    </>
  );
}
