import { useTranslation } from "react-i18next";
import { data, Link, useRouteLoaderData } from "react-router";
import { ErrorHero, ErrorLayout, HelpBox } from "#app/components/error-page";
import { buttonClass } from "#app/components/ui/button";
import type { loader as rootLoader } from "#app/root";

/** /unauthorized: 'Acesso Negado' on an empty layout (no sidebar), answered with 403. */
export function loader() {
  return data(null, { status: 403, statusText: "Forbidden" });
}

export default function Unauthorized() {
  const { t } = useTranslation("errorPage");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const title = t("title.403");
  return (
    <ErrorLayout title={title}>
      <ErrorHero code={403} title={title} description={t("unauthorized.description")}>
        <Link to="/" className={buttonClass("primary")}>
          {t("actions.home")}
        </Link>
        <Link to="/login" className={buttonClass("secondary")}>
          {t("actions.signIn")}
        </Link>
      </ErrorHero>
      <HelpBox supportEmail={root?.supportEmail} />
    </ErrorLayout>
  );
}
