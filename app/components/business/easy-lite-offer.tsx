import { useTranslation } from "react-i18next";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";

/**
 * Easy Lite explained, with the two ways on: start now (the built-in PMS and suggested prices)
 * or subscribe to a plan. Both are plain posts to `action` with `intent` = `easylite-start` or
 * `subscribe`.
 */
export function EasyLiteOffer({ action, errors }: { action: string; errors?: string[] }) {
  const { t } = useTranslation("onboarding");
  return (
    <section aria-labelledby="easylite-heading" className="space-y-4">
      <h2 id="easylite-heading" className="text-xl font-semibold">
        {t("easylite.heading")}
      </h2>
      <p className="text-slate-700">{t("easylite.intro")}</p>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        <li>{t("easylite.pointPms")}</li>
        <li>{t("easylite.pointPrices")}</li>
        <li>{t("easylite.pointLater")}</li>
      </ul>
      <FormErrors id="easylite-errors" errors={errors} />
      <div className="flex flex-wrap items-center gap-3">
        <AppForm action={action}>
          <SubmitButton name="intent" value="easylite-start" pendingLabel={t("easylite.starting")}>
            {t("easylite.start")}
          </SubmitButton>
        </AppForm>
        <AppForm action={action}>
          <SubmitButton name="intent" value="subscribe" variant="secondary" pendingLabel={t("plan.pending")}>
            {t("easylite.subscribe")}
          </SubmitButton>
        </AppForm>
      </div>
    </section>
  );
}
