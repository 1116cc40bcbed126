import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";

export interface SwitcherBusiness {
  uuid: string;
  company_name: string;
}

/**
 * The business switcher in the top bar: a plain form posting to /businesses/select, which
 * remembers the choice on the server and comes back here, so it works without JavaScript.
 */
export function BusinessSwitcher({ businesses, selectedUuid }: { businesses: SwitcherBusiness[]; selectedUuid: string | null }) {
  const { t } = useTranslation("business");
  const location = useLocation();
  if (businesses.length === 0) {
    return (
      <Link to="/onboarding" className="text-sm text-brand-700 underline">
        {t("switcher.create")}
      </Link>
    );
  }
  if (businesses.length === 1) {
    return <span className="text-sm font-semibold text-slate-800">{businesses[0].company_name}</span>;
  }
  return (
    <AppForm action="/businesses/select" className="flex items-center gap-2 text-sm">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="business-switcher" className="text-slate-700">
        {t("switcher.label")}
      </label>
      <select
        id="business-switcher"
        name="business_uuid"
        defaultValue={selectedUuid ?? undefined}
        key={selectedUuid}
        className="max-w-48 rounded-md border border-slate-300 bg-white px-2 py-1"
      >
        {businesses.map((b) => (
          <option key={b.uuid} value={b.uuid}>
            {b.company_name}
          </option>
        ))}
      </select>
      <SubmitButton variant="secondary" className="!px-2 !py-1 !font-normal" pendingLabel={t("switcher.pending")}>
        {t("switcher.submit")}
      </SubmitButton>
    </AppForm>
  );
}
