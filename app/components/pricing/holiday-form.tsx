import { useTranslation } from "react-i18next";
import type { AdminHolidayJson } from "#contract/holidays";
import { FormErrors } from "#app/components/ui/field";
import { Input, type ErrorMap } from "./form-bits";

/** The fields of one holiday (add and edit). */
export function HolidayFields({ holiday, errors, formErrors, formErrorId }: { holiday?: AdminHolidayJson; errors: ErrorMap; formErrors?: string[]; formErrorId: string }) {
  const { t } = useTranslation("pricing");
  return (
    <div className="space-y-4">
      <FormErrors id={formErrorId} errors={formErrors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Input name="country" label={t("holidays.country")} hint={t("holidays.countryHint")} errors={errors} defaultValue={holiday?.country ?? "BR"} maxLength={2} required />
        <Input name="state" label={t("holidays.state")} hint={t("holidays.stateHint")} errors={errors} defaultValue={holiday?.state ?? ""} maxLength={3} />
        <Input name="date" type="date" label={t("holidays.date")} errors={errors} defaultValue={holiday?.date ?? ""} required />
      </div>
      <Input name="name" label={t("holidays.namePt")} errors={errors} defaultValue={holiday?.names["pt-BR"] ?? holiday?.name ?? ""} required maxLength={255} />
      <Input name="name_en" label={t("holidays.nameEn")} errors={errors} defaultValue={holiday?.names["en-US"] ?? ""} maxLength={255} />
    </div>
  );
}
