import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { timeZoneChoices } from "#domain/business/timezone";
import { SelectField } from "#app/components/ui/field";

/** The business's time zone (its "today" and month boundaries), where the business is edited. */
export function TimeZoneField({ field, current }: { field: FieldMetadata<unknown>; current: string | null | undefined }) {
  const { t } = useTranslation("business");
  const options = timeZoneChoices(current).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
  return <SelectField field={field} label={t("fields.timezone")} hint={t("fields.timezoneHint")} options={options} />;
}
