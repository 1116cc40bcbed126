import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listBusinesses } from "#app/lib/business.server";
import { logoSrc } from "#app/components/business/logo";
import { isDraft, pageForStatus } from "#app/components/business/next-step";
import { StatusBadge } from "#app/components/business/status-badge";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/index";

export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const { businesses, selectedUuid } = listBusinesses(context);
  return {
    selectedUuid,
    businesses: businesses.map((b) => ({
      uuid: b.uuid,
      company_name: b.company_name,
      status: b.status,
      place: [b.city, b.state, b.country].filter(Boolean).join(", "),
      logoSrc: logoSrc(b),
    })),
    draft: businesses.find((b) => isDraft(b.status))?.company_name ?? null,
  };
}

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const { businesses, selectedUuid, draft } = loaderData;
  return (
    <>
      <title>{`${t("list.title")} · Tarifa`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("list.heading")}</h2>
        <Link to="/onboarding" className={buttonClass("primary")}>
          {draft ? t("list.continueDraft", { name: draft }) : t("list.create")}
        </Link>
      </div>
      {businesses.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-slate-700">{t("list.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {businesses.map((b) => {
            const selected = b.uuid === selectedUuid;
            return (
              <li
                key={b.uuid}
                className={`flex gap-3 rounded-lg border bg-white p-4 shadow-sm ${selected ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200"}`}
              >
                {b.logoSrc ? (
                  <img src={b.logoSrc} alt="" width={48} height={48} className="h-12 w-12 rounded-md border border-slate-200 object-contain" />
                ) : (
                  <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-md bg-brand-100 text-lg font-semibold text-brand-900">
                    {b.company_name.charAt(0).toUpperCase()}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <h3 className="truncate font-semibold">{b.company_name}</h3>
                  {b.place ? <p className="text-sm text-slate-600">{b.place}</p> : null}
                  <p className="mt-1 flex flex-wrap items-center gap-2">
                    <StatusBadge status={b.status} />
                    {selected ? <span className="text-xs font-semibold text-brand-800">{t("list.selected")}</span> : null}
                  </p>
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    {selected ? (
                      b.status === "SETUP_DONE" ? (
                        <Link to="/businesses/overview" className={buttonClass("link", "text-sm")}>
                          {t("list.settings")}
                        </Link>
                      ) : (
                        <Link to={pageForStatus(b.status)} className={buttonClass("link", "text-sm")}>
                          {t("list.continueSetup")}
                        </Link>
                      )
                    ) : (
                      <AppForm action="/businesses/select">
                        <input type="hidden" name="business_uuid" value={b.uuid} />
                        <input type="hidden" name="redirectTo" value="/businesses" />
                        <SubmitButton name="select" value={b.uuid} variant="secondary" className="!px-3 !py-1" pendingLabel={t("list.selecting")}>
                          <span>
                            {t("list.select")}
                            <span className="sr-only"> {b.company_name}</span>
                          </span>
                        </SubmitButton>
                      </AppForm>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
